import { eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { validated } from '../../platform/http/validate.ts';
import { appendAudit } from '../audit/index.ts';
import { requireWorkspaceRole, type WorkspaceAccess } from '../access/index.ts';
import { assertLocalesConsistent, settingsToColumns } from './settings-columns.ts';
import { SETTING_COLUMNS, SETTING_NAMES, settingsSchema, type SettingsInput } from './settings.ts';
import { workspaces, type WorkspaceRow } from '../tenancy/index.ts';
import { missing } from '../../platform/missing.ts';

export interface UpdateWorkspaceInput extends SettingsInput {
  workspace_key: string;
  reason?: string | undefined;
}

/**
 * Partial settings update by a workspace admin. Audited `workspace_settings.updated` with the
 * changed fields (old and new values) and the reason; a no-op changes and audits nothing.
 */
export async function updateWorkspaceSettings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: UpdateWorkspaceInput;
}): Promise<WorkspaceAccess> {
  const { workspace_key: key, reason, ...given } = input;
  // Verbs re-check (other callers than routes may not have): fills nested defaults, canonicalises locales.
  const settings = validated(settingsSchema, given);
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, key, 'admin', { lock: true });
    const before = access.workspace;
    const asColumns = settingsToColumns(settings, before.projectMappings);
    const changed = SETTING_NAMES.filter((name) => {
      const column = SETTING_COLUMNS[name];
      return column in asColumns && !isDeepStrictEqual(asColumns[column], before[column]);
    });
    if (changed.length === 0) return { ...access, workspace: before };
    const columns = Object.fromEntries(
      changed.map((n) => [SETTING_COLUMNS[n], asColumns[SETTING_COLUMNS[n]]]),
    );
    const next = { ...before, ...columns } as WorkspaceRow;
    assertLocalesConsistent(next);
    const [row = missing('the updated workspace')] = await ctx.db
      .update(workspaces)
      .set({ ...columns, updatedAt: ctx.now() })
      .where(eq(workspaces.id, before.id))
      .returning();
    await accessChanged(ctx);
    await appendAudit(ctx, {
      workspaceId: before.id,
      action: 'workspace_settings.updated',
      target: { type: 'workspace', id: before.id },
      params: {
        workspace_key: key,
        changed_fields: changed,
        changes: Object.fromEntries(
          changed.map((n) => [n, { from: before[SETTING_COLUMNS[n]], to: next[SETTING_COLUMNS[n]] }]),
        ),
        reason: reason ?? null,
      },
    });
    return { ...access, workspace: row };
  });
}
