import type { Ctx } from '../../platform/context.ts';
import { changeMappings, requireMapping } from './mapping-change.ts';
import type { ProjectMapping } from '../tenancy/index.ts';

/** Removes a mapping (workspace admins), audited `project_mapping.deleted`. */
export function deleteProjectMapping({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; id: string; reason?: string | undefined };
}): Promise<ProjectMapping> {
  return changeMappings(ctx, input.workspace_key, 'deleted', input.reason, (mappings) => {
    const mapping = requireMapping(mappings, input.id);
    return { next: mappings.filter((m) => m.id !== mapping.id), mapping };
  });
}
