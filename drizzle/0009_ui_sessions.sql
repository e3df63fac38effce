CREATE TABLE "ui_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"user_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ui_sessions_digest_unique" UNIQUE("digest")
);
--> statement-breakpoint
ALTER TABLE "ui_sessions" ADD CONSTRAINT "ui_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_sessions" ADD CONSTRAINT "ui_sessions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ui_sessions_expires_idx" ON "ui_sessions" USING btree ("expires_at");