-- Recall's month buckets (ADR 0007): every memory's search document names the UTC month it was
-- created in, as search-document.ts writes it for new memories.
UPDATE memories
SET search = search || setweight(array_to_tsvector(ARRAY['~m' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMM')]), 'A');
