-- The audit log and its access-event index are append-only: the database itself refuses changes.
CREATE OR REPLACE FUNCTION ctxhub_reject_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ctxhub_reject_audit_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ctxhub_reject_audit_change();
--> statement-breakpoint
CREATE TRIGGER access_events_append_only BEFORE UPDATE OR DELETE ON access_events
  FOR EACH ROW EXECUTE FUNCTION ctxhub_reject_audit_change();
--> statement-breakpoint
CREATE TRIGGER access_events_no_truncate BEFORE TRUNCATE ON access_events
  FOR EACH STATEMENT EXECUTE FUNCTION ctxhub_reject_audit_change();
