-- The console's customer search by name (services/staff/customers.ts): an index per name, as 0032 has for orders.
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "customers_first_name_idx" ON "customers" USING btree (lower("first_name"));