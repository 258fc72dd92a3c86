-- A year of data: the advisor directory at scale (ADR 79).
--
-- A change to the directory now names the advisors it touched, so every app instance reads
-- just them again instead of all 10,000: the payload is "<table> <advisor id> <advisor id> ...".
-- The triggers fire once per statement with all its rows (transition tables), so a bulk change
-- sends one message, not one per row. A NOTIFY payload must stay under 8000 bytes (215
-- ids): a statement touching more advisors sends the bare table name, which instances read as
-- "any advisor may have changed" and check them all. What counts as public is as in 0006.
CREATE FUNCTION notify_public_advisors(source text, advisor_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text := source || ' ' || array_to_string(advisor_ids, ' ');
BEGIN
  IF coalesce(cardinality(advisor_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('public_change', CASE WHEN octet_length(payload) < 8000 THEN payload ELSE source END);
END;
$$;--> statement-breakpoint
DROP TRIGGER advisors_public_change ON "advisors";--> statement-breakpoint
-- An approved advisor's row (or one approved or unapproved now) whose public columns changed.
CREATE OR REPLACE FUNCTION notify_public_advisor_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  private_columns CONSTANT text[] := ARRAY[
    'bank_account_holder_name', 'bank_name', 'bank_account_number', 'bank_ifsc_code',
    'bank_branch', 'application_draft', 'phone', 'linkedin_url', 'updated_at'];
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT id FROM new_rows WHERE profile_status = 'approved');
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT id FROM old_rows WHERE profile_status = 'approved');
  ELSE
    changed := ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE 'approved' IN (o.profile_status, n.profile_status)
         AND to_jsonb(o) - private_columns IS DISTINCT FROM to_jsonb(n) - private_columns);
  END IF;
  PERFORM notify_public_advisors(TG_TABLE_NAME, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER advisors_public_insert AFTER INSERT ON "advisors"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_advisor_change();--> statement-breakpoint
CREATE TRIGGER advisors_public_update AFTER UPDATE ON "advisors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_advisor_change();--> statement-breakpoint
CREATE TRIGGER advisors_public_delete AFTER DELETE ON "advisors"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_advisor_change();--> statement-breakpoint
DROP TRIGGER users_public_change ON "users";--> statement-breakpoint
-- A person's name is public on their approved profile and under the reviews they wrote: it
-- names those advisors.
CREATE OR REPLACE FUNCTION notify_public_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    renamed := ARRAY(SELECT id FROM old_rows);
  ELSE
    renamed := ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name));
  END IF;
  PERFORM notify_public_advisors(TG_TABLE_NAME, ARRAY(
    SELECT id FROM advisors WHERE user_id = ANY (renamed) AND profile_status = 'approved'
    UNION
    SELECT advisor_id FROM reviews WHERE user_id = ANY (renamed)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_public_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_user_change();--> statement-breakpoint
CREATE TRIGGER users_public_delete AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_user_change();--> statement-breakpoint
DROP TRIGGER reviews_public_change ON "reviews";--> statement-breakpoint
-- A review moves its advisor's rating.
CREATE FUNCTION notify_public_review_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_public_advisors(TG_TABLE_NAME, ARRAY(SELECT DISTINCT advisor_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_public_advisors(TG_TABLE_NAME, ARRAY(SELECT DISTINCT advisor_id FROM old_rows));
  ELSE
    PERFORM notify_public_advisors(TG_TABLE_NAME, ARRAY(
      SELECT advisor_id FROM new_rows UNION SELECT advisor_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reviews_public_insert AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_review_change();--> statement-breakpoint
CREATE TRIGGER reviews_public_update AFTER UPDATE ON "reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_review_change();--> statement-breakpoint
CREATE TRIGGER reviews_public_delete AFTER DELETE ON "reviews"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_review_change();--> statement-breakpoint
-- An advisor's rating, read per advisor for the whole directory (server/bookings/ratings.server.ts):
-- the totals from the index alone (it replaces the plain advisor index), the latest written
-- review by one probe.
DROP INDEX "reviews_advisor_idx";--> statement-breakpoint
CREATE INDEX "reviews_advisor_rating_idx" ON "reviews" USING btree ("advisor_id","rating_helpfulness","rating_actionability","recommend_advisor");--> statement-breakpoint
CREATE INDEX "reviews_advisor_latest_idx" ON "reviews" USING btree ("advisor_id","created_at" DESC,"id" DESC) WHERE "reviews"."written_feedback" is not null;
