CREATE TABLE "git_events" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"sha" text NOT NULL,
	"branch" text NOT NULL,
	"message" text,
	"issue_keys" jsonb NOT NULL,
	"user_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"audit_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "git_events_commit_uq" UNIQUE("project_id","kind","sha")
);
--> statement-breakpoint
ALTER TABLE "active_work_evidence" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "git_events" ADD CONSTRAINT "git_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_events" ADD CONSTRAINT "git_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_events" ADD CONSTRAINT "git_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "git_events_project_idx" ON "git_events" USING btree ("project_id","id" desc);