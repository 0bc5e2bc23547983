-- What a login's look-up reads (services/identity/identity.ts resolveVisitor) announces its own changes, with the
-- customer's id, on the channel every process's visitor cache listens to (services/identity/visitor-cache.ts).
CREATE FUNCTION "announce_visitor_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_visitor_changes', COALESCE(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_visitor_change" AFTER UPDATE OF "email", "first_name" OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_visitor_change" AFTER UPDATE OF "customer_id", "kind", "expires_at" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('customer_id');
--> statement-breakpoint
CREATE TRIGGER "favourites_visitor_change" AFTER INSERT OR UPDATE OR DELETE ON "favourites"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('customer_id');
--> statement-breakpoint
CREATE TRIGGER "customer_subscriptions_visitor_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "announce_visitor_change"('customer_id');
