UPDATE "cart_lines" SET "quantity" = least(greatest("quantity", 1), 99) WHERE "quantity" NOT BETWEEN 1 AND 99;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" between 1 and 99);
