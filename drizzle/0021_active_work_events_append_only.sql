-- Active Work events are an immutable timeline: the database itself refuses changes.
CREATE OR REPLACE FUNCTION ctxhub_reject_active_work_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'active work events are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER active_work_events_append_only BEFORE UPDATE OR DELETE ON active_work_events
  FOR EACH ROW EXECUTE FUNCTION ctxhub_reject_active_work_event_change();
--> statement-breakpoint
CREATE TRIGGER active_work_events_no_truncate BEFORE TRUNCATE ON active_work_events
  FOR EACH STATEMENT EXECUTE FUNCTION ctxhub_reject_active_work_event_change();
