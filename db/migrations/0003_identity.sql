CREATE TABLE "customer_ratings" (
	"customer_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_ratings_customer_id_item_code_pk" PRIMARY KEY("customer_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "customer_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "do_not_send_items" (
	"customer_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "do_not_send_items_customer_id_item_code_pk" PRIMARY KEY("customer_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"customer_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourites_customer_id_item_code_pk" PRIMARY KEY("customer_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"sku_item_code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"bottle_count" integer NOT NULL,
	"unit_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" text NOT NULL,
	"order_number" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"card_brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recently_browsed" (
	"customer_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recently_browsed_customer_id_item_code_pk" PRIMARY KEY("customer_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_ratings" ADD CONSTRAINT "customer_ratings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ratings" ADD CONSTRAINT "customer_ratings_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_send_items" ADD CONSTRAINT "do_not_send_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_send_items" ADD CONSTRAINT "do_not_send_items_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_browsed" ADD CONSTRAINT "recently_browsed_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_browsed" ADD CONSTRAINT "recently_browsed_item_code_products_item_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_vouchers_code_idx" ON "customer_vouchers" USING btree ("customer_id","code");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recently_browsed_customer_viewed_idx" ON "recently_browsed" USING btree ("customer_id","viewed_at");--> statement-breakpoint
CREATE INDEX "sessions_customer_idx" ON "sessions" USING btree ("customer_id");