-- Every memory stored before occurred_at existed is dated by when it was stored; a staged memory by
-- the message it was extracted from (raw_messages.created_at is the message's own time); a version
-- by its memory, or by when a deleted memory was first stored.
UPDATE memories SET occurred_at = created_at WHERE occurred_at IS NULL;--> statement-breakpoint
UPDATE staged_memories s SET occurred_at = coalesce(
  (SELECT m.created_at FROM raw_messages m WHERE m.id = s.raw_message_id), s.created_at)
WHERE s.occurred_at IS NULL;--> statement-breakpoint
UPDATE memory_versions v SET occurred_at = coalesce(
  (SELECT m.occurred_at FROM memories m WHERE m.id = v.memory_id),
  (SELECT min(f.changed_at) FROM memory_versions f WHERE f.memory_id = v.memory_id))
WHERE v.occurred_at IS NULL;
