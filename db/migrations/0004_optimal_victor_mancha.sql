CREATE TABLE "voucher_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "minimum_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "minimum_bottles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "site_id" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_uses_customer_idx" ON "voucher_uses" USING btree ("customer_id","voucher_code");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE set null ON UPDATE no action;