CREATE TABLE "codehost_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codehost_installations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"installation_id" bigint NOT NULL,
	"account_login" text NOT NULL,
	"account_type" text NOT NULL,
	"repository_selection" text NOT NULL,
	"connected_by" text,
	"connected_at" timestamp with time zone NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_result" jsonb,
	"role_mapping" jsonb,
	CONSTRAINT "codehost_installations_workspace_uq" UNIQUE("workspace_id"),
	CONSTRAINT "codehost_installations_installation_uq" UNIQUE("installation_id")
);
--> statement-breakpoint
CREATE TABLE "codehost_repos" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"repo_id" bigint NOT NULL,
	"full_name" text NOT NULL,
	"private" boolean NOT NULL,
	"default_branch" text NOT NULL,
	"html_url" text NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "codehost_repos_workspace_repo_uq" UNIQUE("workspace_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "codehost_state_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "codehost_login" text;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "codehost_installations" ADD CONSTRAINT "codehost_installations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_installations" ADD CONSTRAINT "codehost_installations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_repos" ADD CONSTRAINT "codehost_repos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_state_uses" ADD CONSTRAINT "codehost_state_uses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codehost_deliveries_received_idx" ON "codehost_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "codehost_repos_listing_idx" ON "codehost_repos" USING btree ("workspace_id","active","full_name","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_codehost_login_uq" UNIQUE("codehost_login");