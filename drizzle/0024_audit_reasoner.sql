CREATE TABLE "audit_explanations" (
	"audit_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"cache_key" text NOT NULL,
	"status" text NOT NULL,
	"text" text,
	"model" text,
	"failure" text,
	"cached" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "model_usage" (
	"workspace_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"failures" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	CONSTRAINT "model_usage_workspace_id_hour_pk" PRIMARY KEY("workspace_id","hour")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "explanation_note" text;--> statement-breakpoint
ALTER TABLE "model_usage" ADD CONSTRAINT "model_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_explanations_cache_idx" ON "audit_explanations" USING btree ("workspace_id","cache_key") WHERE "audit_explanations"."status" = 'done';