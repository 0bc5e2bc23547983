-- The console's order search (services/staff/order-search.ts): an index per filter and search term, newest first.
DROP INDEX "orders_placed_at_idx";--> statement-breakpoint
CREATE INDEX "orders_site_placed_idx" ON "orders" USING btree ("site_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_last_name_idx" ON "orders" USING btree (lower("delivery_address"->>'lastName'));--> statement-breakpoint
CREATE INDEX "orders_placed_at_idx" ON "orders" USING btree ("placed_at","id");