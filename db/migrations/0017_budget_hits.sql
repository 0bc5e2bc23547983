CREATE TABLE "budget_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "budget_hits_key_at_idx" ON "budget_hits" USING btree ("key","at");