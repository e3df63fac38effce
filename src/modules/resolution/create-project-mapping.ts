import type { Ctx } from '../../platform/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import { validated } from '../../platform/http/validate.ts';
import { newId } from '../../platform/ids.ts';
import { MAX_PROJECT_MAPPINGS } from '../workspaces/index.ts';
import { changeMappings } from './mapping-change.ts';
import { newMappingSchema, type NewMapping } from './mapping-schemas.ts';
import type { ProjectMapping } from '../tenancy/index.ts';

/** Adds a mapping (workspace admins), audited `project_mapping.created`. */
export function createProjectMapping({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; mapping: NewMapping; reason?: string | undefined };
}): Promise<ProjectMapping> {
  const given = validated(newMappingSchema, input.mapping);
  return changeMappings(ctx, input.workspace_key, 'created', input.reason, (mappings) => {
    if (mappings.length >= MAX_PROJECT_MAPPINGS) {
      throw conflict(`A workspace keeps at most ${MAX_PROJECT_MAPPINGS} project mappings`);
    }
    const mapping = { id: newId('pmap'), ...given };
    return { next: [...mappings, mapping], mapping };
  });
}
