DROP INDEX "memories_search_idx";--> statement-breakpoint
DROP INDEX "memory_lexicon_trgm_idx";--> statement-breakpoint
CREATE INDEX "memories_search_idx" ON "memories" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "memory_lexicon_trgm_idx" ON "memory_lexicon" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);