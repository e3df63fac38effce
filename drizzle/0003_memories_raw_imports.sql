CREATE TABLE "memories" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evidence_ref" text,
	"created_by" text,
	"version" integer NOT NULL,
	"search" "tsvector" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "memories_dedupe_uq" UNIQUE("project_id","type","content_hash")
);
--> statement-breakpoint
CREATE TABLE "memory_lexicon" (
	"project_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "memory_lexicon_project_id_word_pk" PRIMARY KEY("project_id","word")
);
--> statement-breakpoint
CREATE TABLE "memory_versions" (
	"memory_id" text NOT NULL,
	"version" integer NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"change" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"evidence_ref" text,
	"changed_by" text,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "memory_versions_memory_id_version_pk" PRIMARY KEY("memory_id","version")
);
--> statement-breakpoint
CREATE TABLE "raw_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"seq" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left(content, 100000))) STORED NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raw_messages_position_uq" UNIQUE("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "raw_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"source" text NOT NULL,
	"source_session_id" text NOT NULL,
	"title" text,
	"import_id" text NOT NULL,
	"message_count" integer NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raw_sessions_source_uq" UNIQUE("project_id","source","source_session_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"file_path" text NOT NULL,
	"status" text NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"running_step" text,
	"running_since" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staged_memories" (
	"id" text PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"raw_message_id" text,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"redactions" integer DEFAULT 0 NOT NULL,
	"memory_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staged_memories_dedupe_uq" UNIQUE("import_id","type","content_hash")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "raw_access_min_role" text DEFAULT 'writer' NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_messages" ADD CONSTRAINT "raw_messages_session_id_raw_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."raw_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_sessions" ADD CONSTRAINT "raw_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_sessions" ADD CONSTRAINT "raw_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_memories" ADD CONSTRAINT "staged_memories_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memories_project_recent_idx" ON "memories" USING btree ("project_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "memories_project_type_recent_idx" ON "memories" USING btree ("project_id","type","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "memories_search_idx" ON "memories" USING gin ("search");--> statement-breakpoint
CREATE INDEX "memory_lexicon_trgm_idx" ON "memory_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "raw_messages_project_recent_idx" ON "raw_messages" USING btree ("project_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "raw_messages_search_idx" ON "raw_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "raw_sessions_import_idx" ON "raw_sessions" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "imports_workspace_recent_idx" ON "imports" USING btree ("workspace_id","id" desc);--> statement-breakpoint
CREATE INDEX "staged_memories_import_idx" ON "staged_memories" USING btree ("import_id","id");