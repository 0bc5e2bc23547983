-- The console's catalogue tools (issue: console part two): a product hidden by staff, vouchers made in the console (sites, total uses, who), gift cards disabled or issued as goodwill (no order) with the staff member on their ledger, and a campaign status set in the console.
ALTER TABLE "gift_cards" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "status_set_by" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "status_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issued_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "sites" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "total_uses" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "created_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_staff_id_staff_id_fk" FOREIGN KEY ("issued_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;