import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { iso } from '../../platform/http/fields.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { appendAudit } from '../audit/index.ts';
import type { ciEventAnswer, ciEventBody } from './schemas.ts';
import { requireProjectRole, requireWorkspaceRole } from '../access/index.ts';

/**
 * Records a CI run's result as the audit entry `ci.success` or `ci.failure` (chat forwards it by
 * the workspace's rules; a failure counts as high severity). Workspace members; with a project,
 * its writers. Secrets in `message` are masked before anything is stored.
 */
export async function recordCiEvent({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.output<typeof ciEventBody>;
}): Promise<z.output<typeof ciEventAnswer>> {
  return inTransaction(ctx, async (tx) => {
    const { workspace } = input.project_key
      ? (await requireProjectRole(tx, input.workspace_key, input.project_key, 'writer')).workspaceAccess
      : await requireWorkspaceRole(tx, input.workspace_key, 'member');
    const action = input.status === 'success' ? 'ci.success' : 'ci.failure';
    const { workspace_key: _ws, message, ...run } = input;
    const entry = await appendAudit(tx, {
      workspaceId: workspace.id,
      action,
      target: { type: 'ci_run', id: input.run_url ?? input.sha ?? null },
      params: {
        workspace_key: workspace.key,
        ...run,
        ...(message === undefined ? {} : { message: redactSecrets(message).text }),
      },
    });
    return {
      id: entry.id,
      action,
      status: input.status,
      workspace_key: workspace.key,
      project_key: input.project_key ?? null,
      created_at: iso(entry.createdAt),
    };
  });
}
