CREATE TABLE "active_work_events" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"prev_status" text,
	"next_status" text NOT NULL,
	"actor_user_id" text,
	"system_actor" text,
	"reason" text,
	"details" jsonb NOT NULL,
	"correlation_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_work_evidence" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"summary" text NOT NULL,
	"user_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "active_work_evidence_ref_uq" UNIQUE("project_id","ref")
);
--> statement-breakpoint
CREATE TABLE "active_work_items" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"closed_by_hand" boolean DEFAULT false NOT NULL,
	"confidence" real NOT NULL,
	"confidence_parts" jsonb NOT NULL,
	"subpath" text,
	"branch" text,
	"issue_keys" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"people" jsonb NOT NULL,
	"evidence_count" integer NOT NULL,
	"first_evidence_at" timestamp with time zone NOT NULL,
	"last_evidence_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_work_events" ADD CONSTRAINT "active_work_events_item_id_active_work_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."active_work_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_work_evidence" ADD CONSTRAINT "active_work_evidence_item_id_active_work_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."active_work_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_work_evidence" ADD CONSTRAINT "active_work_evidence_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_work_evidence" ADD CONSTRAINT "active_work_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_work_items" ADD CONSTRAINT "active_work_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_work_items" ADD CONSTRAINT "active_work_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_work_events_project_idx" ON "active_work_events" USING btree ("project_id","id" desc);--> statement-breakpoint
CREATE INDEX "active_work_events_item_idx" ON "active_work_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "active_work_evidence_item_idx" ON "active_work_evidence" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "active_work_items_project_idx" ON "active_work_items" USING btree ("project_id","status","last_evidence_at");--> statement-breakpoint
CREATE INDEX "active_work_items_stale_idx" ON "active_work_items" USING btree ("status","last_evidence_at");--> statement-breakpoint
CREATE INDEX "active_work_items_terms_idx" ON "active_work_items" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "active_work_items_issue_keys_idx" ON "active_work_items" USING gin ("issue_keys");