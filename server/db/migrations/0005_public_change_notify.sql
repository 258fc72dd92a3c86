-- Every app instance keeps in-process caches of public reads (the search index, rendered
-- pages and API answers for visitors). The database tells all instances when data behind
-- them changes: a NOTIFY on channel "public_change" naming the table, sent at commit (and
-- not at all on rollback). PostgreSQL folds identical notifications of one transaction into
-- one, so a bulk update costs a single message.
CREATE FUNCTION notify_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A person is public only as an advisor (their name on the profile) or as a reviewer (their
-- first name under a review): anyone else signing up or changing their details leaves every
-- public page as it was.
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION notify_public_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM advisors WHERE user_id = COALESCE(NEW.id, OLD.id))
     OR EXISTS (SELECT 1 FROM reviews WHERE user_id = COALESCE(NEW.id, OLD.id)) THEN
    PERFORM pg_notify('public_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_public_change AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_public_user_change();--> statement-breakpoint
CREATE TRIGGER advisors_public_change AFTER INSERT OR UPDATE OR DELETE ON "advisors"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();--> statement-breakpoint
CREATE TRIGGER reviews_public_change AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();--> statement-breakpoint
CREATE TRIGGER advisor_schedules_public_change AFTER INSERT OR UPDATE OR DELETE ON "advisor_schedules"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();--> statement-breakpoint
CREATE TRIGGER schedule_slots_public_change AFTER INSERT OR UPDATE OR DELETE ON "schedule_slots"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();--> statement-breakpoint
CREATE TRIGGER blocked_slots_public_change AFTER INSERT OR UPDATE OR DELETE ON "blocked_slots"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();--> statement-breakpoint
CREATE TRIGGER bookings_public_change AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
