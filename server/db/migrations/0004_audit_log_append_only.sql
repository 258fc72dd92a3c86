-- The audit log is append-only: the app inserts entries and never changes or deletes them.
-- The database enforces it, so no code path (or a hand-typed query by the app's role) can
-- rewrite history. The one update allowed is the foreign key's own: when a user row is
-- deleted, actor_user_id becomes null while the rest of the entry stays.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.actor_user_id IS NULL
       AND (NEW.id, NEW.action, NEW.target_type, NEW.target_id, NEW.details::text, NEW.request_id, NEW.created_at)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.action, OLD.target_type, OLD.target_id, OLD.details::text, OLD.request_id, OLD.created_at)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
