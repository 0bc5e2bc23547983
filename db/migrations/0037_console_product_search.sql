-- The console's product search by a part of a name: hidden products too, which product_search leaves out.
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);
