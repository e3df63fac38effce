import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { validated } from '../../platform/http/validate.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit, recordAccessChange } from '../audit/index.ts';
import { requireServerAdmin } from '../access/index.ts';
import { assertLocalesConsistent, settingsToColumns } from './settings-columns.ts';
import { settingsSchema, type SettingsInput } from './settings.ts';
import { workspaceMembers, workspaces, type WorkspaceRow } from '../tenancy/index.ts';

export interface CreateWorkspaceInput extends SettingsInput {
  workspace_key: string;
}

/** Server admins create workspaces; the creator becomes the first owner. */
export async function createWorkspace({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateWorkspaceInput;
}): Promise<WorkspaceRow> {
  const actor = requireServerAdmin(ctx);
  const { workspace_key: key, ...given } = input;
  // Verbs re-check (other callers than routes may not have): fills nested defaults, canonicalises locales.
  const settings = validated(settingsSchema, given);
  const columns = settingsToColumns(settings);
  return inTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(workspaces)
      .values({ id: newId('ws'), key, name: columns.name ?? key, ...columns, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`Workspace ${key} already exists`);
    // Checked on the stored row, so the table's defaults fill what the request left out.
    assertLocalesConsistent(row);
    await ctx.db
      .insert(workspaceMembers)
      .values({ workspaceId: row.id, userId: actor.userId, role: 'owner', createdAt: now });
    await appendAudit(ctx, {
      workspaceId: row.id,
      action: 'workspace.created',
      target: { type: 'workspace', id: row.id },
      params: { workspace_key: key, settings },
    });
    await recordAccessChange(ctx, {
      workspace: row,
      targetUserId: actor.userId,
      oldRole: null,
      newRole: 'owner',
      source: 'manual',
      evidence: { reason: 'workspace_created' },
    });
    return row;
  });
}
