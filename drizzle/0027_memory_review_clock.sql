-- Memories stored before the review clock existed start it when they were written.
UPDATE memories SET reviewed_at = created_at;
