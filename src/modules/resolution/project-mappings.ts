import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { validated } from '../../platform/http/validate.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit } from '../audit/append-audit.ts';
import { requireWorkspaceRole } from '../workspaces/access.ts';
import {
  MAX_PROJECT_MAPPINGS,
  projectMappingFields,
  withNormalizedExternalId,
} from '../workspaces/settings.ts';
import { workspaces, type ProjectMapping } from '../workspaces/table.ts';

export const newMappingSchema = z
  .strictObject(projectMappingFields)
  .transform((m, ctx) => withNormalizedExternalId(m, ctx));
/** What PATCH may change: any field of a mapping. */
export const mappingChangeFields = {
  kind: projectMappingFields.kind.optional(),
  external_id: projectMappingFields.external_id.optional(),
  project_key: projectMappingFields.project_key.optional(),
  priority: z.number().int().min(0).max(1_000_000).optional(),
  enabled: z.boolean().optional(),
};
export const mappingChangesSchema = z
  .strictObject(mappingChangeFields)
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'must change at least one field');

type NewMapping = z.output<typeof newMappingSchema>;
type MappingChanges = z.output<typeof mappingChangesSchema>;

/** Resolution tries mappings by kind, highest priority first, then in the order they were added. */
export const byPriority = (a: ProjectMapping, b: ProjectMapping) =>
  (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
  b.priority - a.priority ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Mappings of a workspace (members read them, as they read its settings). */
export async function listProjectMappings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<ProjectMapping[]> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  return [...access.workspace.projectMappings].sort(byPriority);
}

/**
 * Applies `change` to the workspace's mappings under its row lock (workspace admins only) and
 * audits `project_mapping.<action>` with the mapping and the reason.
 */
async function changeMappings(
  ctx: Ctx,
  workspaceKey: string,
  action: 'created' | 'updated' | 'deleted',
  reason: string | undefined,
  change: (mappings: ProjectMapping[]) => {
    next: ProjectMapping[];
    mapping: ProjectMapping;
    changed?: string[];
  },
): Promise<ProjectMapping> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const access = await requireWorkspaceRole(txCtx, workspaceKey, 'admin', { lock: true });
    const { next, mapping, changed } = change(access.workspace.projectMappings);
    if (changed?.length === 0) return mapping;
    await tx
      .update(workspaces)
      .set({ projectMappings: next, updatedAt: ctx.now() })
      .where(eq(workspaces.id, access.workspace.id));
    await appendAudit(txCtx, {
      workspaceId: access.workspace.id,
      action: `project_mapping.${action}`,
      target: { type: 'project_mapping', id: mapping.id },
      params: {
        workspace_key: access.workspace.key,
        mapping,
        ...(changed ? { changed_fields: changed } : {}),
        reason: reason ?? null,
      },
    });
    return mapping;
  });
}

function requireMapping(mappings: ProjectMapping[], id: string): ProjectMapping {
  const found = mappings.find((m) => m.id === id);
  if (!found) throw notFound(`Project mapping ${id}`);
  return found;
}

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
