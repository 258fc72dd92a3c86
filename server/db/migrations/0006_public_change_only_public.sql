-- Only a change to what the public sees notifies (ADR 63): every notification reloads the
-- public directory in every app instance and drops their cached public pages, so a save
-- nobody else can see must not send one.
--
-- An advisor row is public only while approved (the team's own profile included). It
-- notifies when it is or was approved and something other than its private columns changed:
-- the bank details (Payment Settings), the application draft (autosaved while someone
-- applies; its row is a draft, so it never notifies anyway), the phone and LinkedIn link
-- (seen by the team only) and updated_at (moved by every save). Any other column, including
-- one added later, counts as public: a needless reload costs less than a stale page.
CREATE FUNCTION notify_public_advisor_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  private_columns CONSTANT text[] := ARRAY[
    'bank_account_holder_name', 'bank_name', 'bank_account_number', 'bank_ifsc_code',
    'bank_branch', 'application_draft', 'phone', 'linkedin_url', 'updated_at'];
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.profile_status = 'approved')
     OR (TG_OP = 'DELETE' AND OLD.profile_status = 'approved')
     OR (TG_OP = 'UPDATE' AND 'approved' IN (OLD.profile_status, NEW.profile_status)
         AND to_jsonb(OLD) - private_columns IS DISTINCT FROM to_jsonb(NEW) - private_columns) THEN
    PERFORM pg_notify('public_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER advisors_public_change ON "advisors";--> statement-breakpoint
CREATE TRIGGER advisors_public_change AFTER INSERT OR UPDATE OR DELETE ON "advisors"
  FOR EACH ROW EXECUTE FUNCTION notify_public_advisor_change();--> statement-breakpoint
-- Of a person, the public sees only the name: an approved advisor's on their profile, a
-- reviewer's under their review. Their e-mail, city or activation, or the name an applicant
-- gives before approval (which then notifies through the advisor row), are not public.
CREATE OR REPLACE FUNCTION notify_public_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE'
      OR (NEW.first_name, NEW.last_name) IS DISTINCT FROM (OLD.first_name, OLD.last_name))
     AND (EXISTS (SELECT 1 FROM advisors WHERE user_id = OLD.id AND profile_status = 'approved')
          OR EXISTS (SELECT 1 FROM reviews WHERE user_id = OLD.id)) THEN
    PERFORM pg_notify('public_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A booking is public only as busy time: who it is with, when, and whether it holds the time.
-- Its payment, meeting link, calendar event or review flag changing frees or takes nothing.
CREATE FUNCTION notify_public_booking_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE'
     OR (NEW.advisor_id, NEW.datetime, NEW.ends_at, NEW.status, NEW.hold_expires_at)
        IS DISTINCT FROM (OLD.advisor_id, OLD.datetime, OLD.ends_at, OLD.status, OLD.hold_expires_at) THEN
    PERFORM pg_notify('public_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER bookings_public_change ON "bookings";--> statement-breakpoint
CREATE TRIGGER bookings_public_change AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION notify_public_booking_change();
