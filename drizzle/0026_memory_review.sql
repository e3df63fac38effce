ALTER TABLE "workspaces" ADD COLUMN "review_after_days" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "superseded_by" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "supersedes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "flag_notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "review_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "reviewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "superseded_by" text;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "supersedes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "review_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "memories_review_clock_idx" ON "memories" USING btree ("workspace_id","type","reviewed_at");--> statement-breakpoint
CREATE INDEX "memories_review_after_idx" ON "memories" USING btree ("review_after") WHERE "memories"."review_after" is not null;--> statement-breakpoint
CREATE INDEX "memories_stale_idx" ON "memories" USING btree ("workspace_id") WHERE 'stale' = any("memories"."flags");