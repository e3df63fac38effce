import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/append-audit.ts';
import type { WorkspaceAccess } from '../workspaces/access.ts';

/**
 * Runs a tracker or wiki call and audits it either way (interface.md: every call is written to the
 * audit log): `params` plus what `summary` adds on success; the outcome, and on failure the error
 * code and message, in the metadata. The failure is then rethrown unchanged.
 */
export async function auditedProviderCall<T>(
  ctx: Ctx,
  access: WorkspaceAccess,
  call: { action: string; target: { type: string; id: string | null }; params: Record<string, unknown> },
  run: () => Promise<T>,
  summary: (result: T) => Record<string, unknown> = () => ({}),
): Promise<T> {
  const audit = (params: Record<string, unknown>, metadata: Record<string, unknown>) =>
    ctx.db.transaction((tx) =>
      appendAudit(
        { ...ctx, db: tx },
        { workspaceId: access.workspace.id, action: call.action, target: call.target, params, metadata },
      ),
    );
  let result: T;
  try {
    result = await run();
  } catch (e) {
    const error =
      e instanceof AppError
        ? { code: e.code, message: e.message }
        : { code: 'internal', message: 'Internal error' };
    await audit(call.params, { outcome: 'failure', error });
    throw e;
  }
  await audit({ ...call.params, ...summary(result) }, { outcome: 'success' });
  return result;
}
