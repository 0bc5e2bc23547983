ALTER TABLE "customer_subscriptions" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "given_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "held_for_order" integer;--> statement-breakpoint
CREATE INDEX "customer_subscriptions_order_idx" ON "customer_subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_placed_from_idx" ON "orders" USING btree ("placed_from") WHERE placed_from is not null;--> statement-breakpoint
CREATE INDEX "outbox_held_idx" ON "outbox" USING btree ("held_for_order") WHERE "outbox"."held_for_order" is not null;