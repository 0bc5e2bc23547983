CREATE TABLE "checkout_payments" (
	"checkout_key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"site_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"shopper" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "checkout_payments_status" CHECK ("checkout_payments"."status" in ('OPEN', 'ORDERED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_payments_created_idx" ON "checkout_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_reference_idx" ON "payment_events" USING btree ("reference");