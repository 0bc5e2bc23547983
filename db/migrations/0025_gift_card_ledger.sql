CREATE TABLE "gift_card_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"order_id" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_card_ledger_kind" CHECK ("gift_card_ledger"."kind" in ('issue', 'redeem', 'refund', 'expire')),
	CONSTRAINT "gift_card_ledger_sign" CHECK (("gift_card_ledger"."kind" in ('issue', 'refund') and "gift_card_ledger"."amount_cents" > 0) or ("gift_card_ledger"."kind" in ('redeem', 'expire') and "gift_card_ledger"."amount_cents" < 0))
);
--> statement-breakpoint
DROP INDEX "gift_cards_code_idx";--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "gift_cards" SET "last4" = right(regexp_replace(upper("code"), '[^A-Z0-9]', '', 'g'), 4), "expires_at" = "created_at" + interval '3 years';--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "gift_card_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_ledger_card_idx" ON "gift_card_ledger" USING btree ("gift_card_id","id");--> statement-breakpoint
CREATE INDEX "gift_card_ledger_order_idx" ON "gift_card_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_idx" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_recipient_idx" ON "gift_cards" USING btree (lower("recipient_email"));--> statement-breakpoint
INSERT INTO "gift_card_ledger" ("gift_card_id", "kind", "amount_cents", "order_id", "at")
  SELECT "id", 'issue', "amount_cents", "order_id", "created_at" FROM "gift_cards" WHERE "amount_cents" > 0;--> statement-breakpoint
INSERT INTO "gift_card_ledger" ("gift_card_id", "kind", "amount_cents", "order_id", "at")
  SELECT "id", 'redeem', "balance_cents" - "amount_cents", NULL, "created_at" FROM "gift_cards" WHERE "balance_cents" < "amount_cents";--> statement-breakpoint
ALTER TABLE "gift_cards" DROP COLUMN "balance_cents";