CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('english', coalesce("producer", '') || ' ' || coalesce("grape", '')), 'B') ||
  setweight(to_tsvector('english', coalesce("region", '') || ' ' || coalesce("appellation", '') || ' ' || coalesce("country", '') || ' ' || coalesce("style", '') || ' ' || coalesce("colour", '')), 'C') ||
  setweight(to_tsvector('english', coalesce("tasting_notes", '')), 'D')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
