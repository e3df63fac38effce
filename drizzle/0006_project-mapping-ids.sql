-- Project mappings gain ids (PATCH/DELETE /v1/workspaces/:key/project-mappings/:id). A stored
-- mapping without one gets `pmap_` + its position, zero-padded to the app's 26 characters: ids
-- break ties between equal priorities in the order mappings were added, and these sort before
-- every id the app makes (time-ordered, starting with a non-zero digit for centuries).
UPDATE "workspaces" w SET "project_mappings" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN e.m ? 'id' THEN e.m
    ELSE e.m || jsonb_build_object('id', 'pmap_' || lpad(e.ord::text, 26, '0'))
    END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements(w."project_mappings") WITH ORDINALITY AS e(m, ord)
)
WHERE jsonb_array_length(w."project_mappings") > 0;
