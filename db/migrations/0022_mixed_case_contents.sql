CREATE TABLE "mixed_case_contents" (
	"case_item_code" text NOT NULL,
	"position" integer NOT NULL,
	"wine_item_code" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "mixed_case_contents_case_item_code_position_pk" PRIMARY KEY("case_item_code","position"),
	CONSTRAINT "mixed_case_contents_quantity" CHECK ("mixed_case_contents"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "mixed_case_contents" ADD CONSTRAINT "mixed_case_contents_case_item_code_products_item_code_fk" FOREIGN KEY ("case_item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mixed_case_contents" ADD CONSTRAINT "mixed_case_contents_wine_item_code_products_item_code_fk" FOREIGN KEY ("wine_item_code") REFERENCES "public"."products"("item_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mixed_case_contents_wine_idx" ON "mixed_case_contents" USING btree ("case_item_code","wine_item_code");