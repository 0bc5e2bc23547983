CREATE TABLE "test_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"payment_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"status" text NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payments_payment_key_unique" UNIQUE("payment_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'CAPTURED' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('AUTHORISED', 'CAPTURED'));