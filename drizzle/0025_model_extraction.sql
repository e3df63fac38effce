ALTER TABLE "workspaces" ADD COLUMN "model_extraction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_memories" ADD COLUMN "producer" text DEFAULT 'rules' NOT NULL;