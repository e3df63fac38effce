ALTER TABLE "workspaces" ADD COLUMN "active_work_stale_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "active_work_auto_close_days" integer;