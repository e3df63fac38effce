-- Project mappings gain ids (PATCH/DELETE /v1/workspaces/:key/project-mappings/:id): every stored
-- mapping without one gets a random `pmap_` id of the app's shape (26 characters of [0-9A-Z]).
UPDATE "workspaces" w SET "project_mappings" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN e.m ? 'id' THEN e.m
    ELSE e.m || jsonb_build_object('id', 'pmap_' || upper(substr(md5(random()::text || w.id || e.ord::text), 1, 26)))
    END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements(w."project_mappings") WITH ORDINALITY AS e(m, ord)
)
WHERE jsonb_array_length(w."project_mappings") > 0;
