CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text,
	"amount_cents" bigint,
	"refund_to" text,
	"item_code" text,
	"points_taken" integer DEFAULT 0 NOT NULL,
	"actor_type" text NOT NULL,
	"actor_name" text NOT NULL,
	"tracking_number" text,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" in ('move', 'refund')),
	CONSTRAINT "order_events_actor" CHECK ("order_events"."actor_type" in ('operator', 'customer', 'system')),
	CONSTRAINT "order_events_from" CHECK ("order_events"."from_status" in ('PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "order_events_to" CHECK ("order_events"."to_status" is null or "order_events"."to_status" in ('PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "order_events_amount" CHECK ("order_events"."amount_cents" is null or "order_events"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"refund_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status";--> statement-breakpoint
ALTER TABLE "test_payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_reference_test_payments_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."test_payments"("reference") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_key_idx" ON "order_events" USING btree ("order_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('AUTHORISED', 'CAPTURED', 'RELEASED'));--> statement-breakpoint
ALTER TABLE "test_payments" ADD CONSTRAINT "test_payments_refunded" CHECK ("test_payments"."refunded_cents" >= 0 and "test_payments"."refunded_cents" <= "test_payments"."captured_cents");