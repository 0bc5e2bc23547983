CREATE TABLE "product_search" (
	"item_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"categories" text[] NOT NULL,
	"colour" text NOT NULL,
	"grape" text NOT NULL,
	"region" text NOT NULL,
	"country" text NOT NULL,
	"bottle_size_ml" integer NOT NULL,
	"vintage" integer,
	"rating_average" real NOT NULL,
	"rating_count" integer NOT NULL,
	"sort_rank" integer NOT NULL,
	"released_on" timestamp NOT NULL,
	"sale_cents" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_categories_idx" ON "product_search" USING gin ("categories") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating_band";--> statement-breakpoint
ALTER TABLE "sku_prices" DROP COLUMN "price_band";--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "search_vector" tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product_search" USING gin ("search_vector") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- One product's search row, written from its products row and its single-bottle prices (the sku whose code is
-- the product's). Not listed (services/catalogue.ts UNLISTED_TYPES, or no category): the row goes. The name's
-- words join search_words (never removed: a word no name holds any more only finds nothing).
CREATE FUNCTION "product_search_refresh"(code text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM products p WHERE p.item_code = code
      AND p.product_type NOT IN ('giftVoucher', 'membership', 'subscription') AND cardinality(p.categories) > 0
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
CREATE FUNCTION "product_search_product_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(NEW.item_code);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the columns the search row is made of fire it (a stock count changing at checkout does not).
CREATE TRIGGER "product_search_product_changed" AFTER INSERT OR UPDATE OF name, producer, product_type, colour,
  style, grape, region, appellation, country, tasting_notes, bottle_size_ml, vintage, rating_average,
  rating_count, categories, sort_rank, released_on ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_product_changed();--> statement-breakpoint
CREATE FUNCTION "product_search_price_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE product_search SET sale_cents = sale_cents - OLD.currency WHERE item_code = OLD.sku_item_code;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE product_search SET sale_cents = sale_cents || jsonb_build_object(NEW.currency, NEW.sale_price_cents)
    WHERE item_code = NEW.sku_item_code;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_search_price_changed" AFTER INSERT OR DELETE OR UPDATE OF sku_item_code, currency,
  sale_price_cents ON sku_prices FOR EACH ROW EXECUTE FUNCTION product_search_price_changed();--> statement-breakpoint
SELECT product_search_refresh(item_code) FROM products;--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";
