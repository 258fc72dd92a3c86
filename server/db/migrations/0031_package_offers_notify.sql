-- An advisor's packages are public (their profile and card, issue 40): a change names the
-- advisors whose offer changed, like the other directory tables (0015, ADR 79), so the held
-- directory reads just them again and their cached pages are dropped at once.
CREATE FUNCTION notify_public_package_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER advisor_packages_public_insert AFTER INSERT ON "advisor_packages"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_package_change();--> statement-breakpoint
CREATE TRIGGER advisor_packages_public_update AFTER UPDATE ON "advisor_packages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_package_change();--> statement-breakpoint
CREATE TRIGGER advisor_packages_public_delete AFTER DELETE ON "advisor_packages"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_package_change();
