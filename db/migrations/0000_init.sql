CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"line1" text NOT NULL,
	"locality" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"is_default_delivery" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_points" (
	"customer_id" integer NOT NULL,
	"brand" text NOT NULL,
	"base_points" integer NOT NULL,
	"bonus_points" integer NOT NULL,
	CONSTRAINT "customer_points_customer_id_brand_pk" PRIMARY KEY("customer_id","brand")
);
--> statement-breakpoint
CREATE TABLE "customer_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_list_items" (
	"list_name" text NOT NULL,
	"position" integer NOT NULL,
	"product_item_code" text NOT NULL,
	"sku_item_code" text NOT NULL,
	"add_on_discount_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_list_items_list_name_position_pk" PRIMARY KEY("list_name","position")
);
--> statement-breakpoint
CREATE TABLE "offer_lists" (
	"name" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"template" text NOT NULL,
	"header" text NOT NULL,
	"qv_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_mappings" (
	"bom_item_code" text PRIMARY KEY NOT NULL,
	"bump_code" text NOT NULL,
	"rule" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"country" text NOT NULL,
	"postcode" text NOT NULL,
	"locality" text NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "postcodes_country_postcode_locality_pk" PRIMARY KEY("country","postcode","locality")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"item_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"producer" text NOT NULL,
	"vintage" integer,
	"product_type" text NOT NULL,
	"colour" text NOT NULL,
	"style" text NOT NULL,
	"grape" text NOT NULL,
	"region" text NOT NULL,
	"appellation" text NOT NULL,
	"country" text NOT NULL,
	"tasting_notes" text NOT NULL,
	"description" text NOT NULL,
	"mixed" boolean DEFAULT false NOT NULL,
	"bottle_size_ml" integer DEFAULT 750 NOT NULL,
	"bottle_count" integer DEFAULT 1 NOT NULL,
	"alcohol_percent" real,
	"drink_from" integer,
	"drink_to" integer,
	"availability" text DEFAULT 'in_stock' NOT NULL,
	"pre_sell" boolean DEFAULT false NOT NULL,
	"quantity_locked" boolean DEFAULT false NOT NULL,
	"image_base" text NOT NULL,
	"rating_average" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_rank" integer DEFAULT 0 NOT NULL,
	"released_on" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_item_code" text NOT NULL,
	"author" text NOT NULL,
	"location" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_prices" (
	"sku_item_code" text NOT NULL,
	"currency" text NOT NULL,
	"list_price_cents" integer NOT NULL,
	"sale_price_cents" integer NOT NULL,
	"vpp_price_cents" integer,
	"member_price_cents" integer,
	CONSTRAINT "sku_prices_sku_item_code_currency_pk" PRIMARY KEY("sku_item_code","currency")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"item_code" text PRIMARY KEY NOT NULL,
	"product_item_code" text NOT NULL,
	"number_of_bottles" integer NOT NULL,
	"vpp_applier" boolean DEFAULT false NOT NULL,
	"bonus_points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_points" ADD CONSTRAINT "customer_points_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_list_items" ADD CONSTRAINT "offer_list_items_list_name_offer_lists_name_fk" FOREIGN KEY ("list_name") REFERENCES "public"."offer_lists"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_list_items" ADD CONSTRAINT "offer_list_items_product_item_code_products_item_code_fk" FOREIGN KEY ("product_item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_list_items" ADD CONSTRAINT "offer_list_items_sku_item_code_skus_item_code_fk" FOREIGN KEY ("sku_item_code") REFERENCES "public"."skus"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_item_code_products_item_code_fk" FOREIGN KEY ("product_item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_prices" ADD CONSTRAINT "sku_prices_sku_item_code_skus_item_code_fk" FOREIGN KEY ("sku_item_code") REFERENCES "public"."skus"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_item_code_products_item_code_fk" FOREIGN KEY ("product_item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_subscriptions_customer_idx" ON "customer_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "products_colour_idx" ON "products" USING btree ("colour");--> statement-breakpoint
CREATE INDEX "products_sort_rank_idx" ON "products" USING btree ("sort_rank");--> statement-breakpoint
CREATE INDEX "products_categories_idx" ON "products" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_item_code","created_at");--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_item_code");