-- The console's tools: a gift card's site (a goodwill card has no order to take it from), a voucher's uses by code, the low-stock queue, and search leaving out a hidden product.
ALTER TABLE "gift_cards" ADD COLUMN "site_id" text;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock_bottles") WHERE "products"."stock_bottles" is not null and "products"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "voucher_uses_code_idx" ON "voucher_uses" USING btree ("voucher_code","used_at");--> statement-breakpoint
UPDATE "gift_cards" g SET "site_id" = o."site_id" FROM "orders" o WHERE o."id" = g."order_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_refresh"(code text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM products p WHERE p.item_code = code
      AND p.product_type NOT IN ('giftVoucher', 'membership', 'subscription') AND cardinality(p.categories) > 0 AND p.hidden_at IS NULL
  ) THEN
    DELETE FROM product_search WHERE item_code = code;
    RETURN;
  END IF;
  INSERT INTO product_search AS ps (item_code, name, categories, colour, grape, region, country, bottle_size_ml,
    vintage, rating_average, rating_count, sort_rank, released_on, sale_cents, search_vector)
  SELECT p.item_code, p.name, p.categories, p.colour, p.grape, p.region, p.country, p.bottle_size_ml, p.vintage,
    p.rating_average, p.rating_count, p.sort_rank, p.released_on,
    coalesce((SELECT jsonb_object_agg(sp.currency, sp.sale_price_cents) FROM sku_prices sp WHERE sp.sku_item_code = code), '{}'::jsonb),
    setweight(to_tsvector('english', coalesce(p.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(p.producer, '') || ' ' || coalesce(p.grape, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(p.region, '') || ' ' || coalesce(p.appellation, '') || ' ' || coalesce(p.country, '') || ' ' || coalesce(p.style, '') || ' ' || coalesce(p.colour, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(p.tasting_notes, '')), 'D')
  FROM products p WHERE p.item_code = code
  ON CONFLICT (item_code) DO UPDATE SET name = excluded.name, categories = excluded.categories,
    colour = excluded.colour, grape = excluded.grape, region = excluded.region, country = excluded.country,
    bottle_size_ml = excluded.bottle_size_ml, vintage = excluded.vintage, rating_average = excluded.rating_average,
    rating_count = excluded.rating_count, sort_rank = excluded.sort_rank, released_on = excluded.released_on,
    sale_cents = excluded.sale_cents, search_vector = excluded.search_vector;
  INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM products p, unnest(to_tsvector('simple', p.name)) w
    WHERE p.item_code = code AND char_length(w.lexeme) >= 3
  ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
DROP TRIGGER "product_search_product_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "product_search_product_changed" AFTER INSERT OR UPDATE OF name, producer, product_type, colour,
  style, grape, region, appellation, country, tasting_notes, bottle_size_ml, vintage, rating_average,
  rating_count, categories, sort_rank, released_on, hidden_at ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_product_changed();