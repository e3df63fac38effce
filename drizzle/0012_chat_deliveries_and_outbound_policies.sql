CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"job_id" text NOT NULL,
	"audit_id" text NOT NULL,
	"integration" text NOT NULL,
	"action" text NOT NULL,
	"channel" text,
	"severity" text NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deliveries_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "outbound_policies" (
	"workspace_id" text NOT NULL,
	"integration_type" text NOT NULL,
	"locale_default" text,
	"supported_locales" text[],
	"template_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outbound_policies_workspace_id_integration_type_pk" PRIMARY KEY("workspace_id","integration_type")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_policies" ADD CONSTRAINT "outbound_policies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_workspace_recent_idx" ON "deliveries" USING btree ("workspace_id","id" desc);