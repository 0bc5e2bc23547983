-- The product search trigger names sale_price_cents: dropped while the column changes type, then made again.
DROP TRIGGER "product_search_price_changed" ON sku_prices;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "line_total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payable_today_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sku_prices" ALTER COLUMN "list_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sku_prices" ALTER COLUMN "sale_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sku_prices" ALTER COLUMN "vpp_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sku_prices" ALTER COLUMN "member_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payments" ALTER COLUMN "captured_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "discount_value" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "minimum_subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
CREATE TRIGGER "product_search_price_changed" AFTER INSERT OR DELETE OR UPDATE OF sku_item_code, currency,
  sale_price_cents ON sku_prices FOR EACH ROW EXECUTE FUNCTION product_search_price_changed();
