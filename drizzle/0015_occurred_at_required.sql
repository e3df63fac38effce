ALTER TABLE "memories" ALTER COLUMN "occurred_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_versions" ALTER COLUMN "occurred_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_memories" ALTER COLUMN "occurred_at" SET NOT NULL;