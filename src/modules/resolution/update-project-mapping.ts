import type { Ctx } from '../../platform/context.ts';
import { validated } from '../../platform/http/validate.ts';
import { changeMappings, requireMapping } from './mapping-change.ts';
import {
  mappingChangesSchema,
  newMappingSchema,
  type MappingChanges,
  type NewMapping,
} from './mapping-schemas.ts';
import type { ProjectMapping } from '../tenancy/index.ts';

/** Changes a mapping (workspace admins), audited `project_mapping.updated` with the changed fields. */
export function updateProjectMapping({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; id: string; changes: MappingChanges; reason?: string | undefined };
}): Promise<ProjectMapping> {
  const changes = validated(mappingChangesSchema, input.changes);
  return changeMappings(ctx, input.workspace_key, 'updated', input.reason, (mappings) => {
    const before = requireMapping(mappings, input.id);
    const merged = validated(newMappingSchema, {
      kind: changes.kind ?? before.kind,
      external_id: changes.external_id ?? before.external_id,
      project_key: changes.project_key ?? before.project_key,
      priority: changes.priority ?? before.priority,
      enabled: changes.enabled ?? before.enabled,
    });
    const mapping = { id: before.id, ...merged };
    const changed = (Object.keys(merged) as (keyof NewMapping)[]).filter((k) => merged[k] !== before[k]);
    return { next: mappings.map((m) => (m.id === before.id ? mapping : m)), mapping, changed };
  });
}
