-- What a customer's own pages read of theirs (server/pipeline/own-pages.ts: the account overview shows their details,
-- their latest order and their points) announces its own changes on the channel the visitor caches listen to (0028),
-- so a kept page is dropped on every process: any change to the customer's row, an order's status or figures, and the
-- points balance.
DROP TRIGGER "customers_visitor_change" ON "customers";
--> statement-breakpoint
CREATE TRIGGER "customers_visitor_change" AFTER UPDATE OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('id');
--> statement-breakpoint
DROP TRIGGER "orders_visitor_change" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_visitor_change" AFTER INSERT OR UPDATE OF "customer_id", "order_number", "site_id", "status",
  "currency", "subtotal_cents", "shipping_cents", "total_cents", "placed_at" ON "orders"
  FOR EACH ROW WHEN (NEW."customer_id" IS NOT NULL) EXECUTE FUNCTION "announce_visitor_change"('customer_id');
--> statement-breakpoint
CREATE TRIGGER "customer_points_visitor_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_points"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('customer_id');
