-- What a customer's product page reads of theirs (services/personal/page-fill.ts: the wines they bought, their
-- default delivery postcode) announces its own changes on the channel the visitor caches listen to (0028), so a
-- kept copy is dropped on every process. A guest's order (no customer) announces nothing.
CREATE TRIGGER "orders_visitor_change" AFTER INSERT OR UPDATE OF "customer_id" ON "orders"
  FOR EACH ROW WHEN (NEW."customer_id" IS NOT NULL) EXECUTE FUNCTION "announce_visitor_change"('customer_id');
--> statement-breakpoint
CREATE TRIGGER "orders_visitor_change_deleted" AFTER DELETE ON "orders"
  FOR EACH ROW WHEN (OLD."customer_id" IS NOT NULL) EXECUTE FUNCTION "announce_visitor_change"('customer_id');
--> statement-breakpoint
CREATE TRIGGER "customer_addresses_visitor_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_addresses"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('customer_id');
