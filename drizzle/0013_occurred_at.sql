DROP INDEX "memories_project_type_recent_idx";--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staged_memories" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "memories_project_type_occurred_idx" ON "memories" USING btree ("project_id","type","occurred_at" desc,"id" desc);