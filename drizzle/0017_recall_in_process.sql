ALTER TABLE "memory_lexicon" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "memory_lexicon" CASCADE;--> statement-breakpoint
DROP INDEX "memories_search_idx";--> statement-breakpoint
ALTER TABLE "memories" DROP COLUMN "search";