import type { Provider } from '../../../config/index.ts';
import type { Ctx } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { appendAudit, type AuditAction } from '../../audit/index.ts';

import { configuredIntegration } from '../config/configured-integration.ts';
import type { ConfiguredIntegration } from '../config/effective-integration.ts';

import { requireWorkspaceRole } from '../../access/index.ts';
/** The providers read on a member's behalf. */
type SourceProvider = Extract<Provider, 'tracker' | 'wiki'>;

export interface ProviderCall<P extends SourceProvider> {
  workspaceKey: string;
  provider: P;
  /** One of the provider's own actions (`tracker.search`, `wiki.read` ...). */
  action: Extract<AuditAction, `${P}.${string}`>;
  target: { type: string; id: string | null };
  params: Record<string, unknown>;
}

/**
 * A tracker or wiki call for a workspace member: `run` gets the provider's configuration that
 * applies, and every call is audited (docs/api.md#tracker-and-wiki), including a provider that is
 * not configured: `params` plus what `summary` adds on success; the outcome, and on failure the
 * error code and message, in the metadata. The failure is then rethrown unchanged. Callers
 * outside the workspace get 404 and leave no entry.
 */
export async function auditedProviderCall<P extends SourceProvider, T>(
  ctx: Ctx,
  call: ProviderCall<P>,
  run: (integration: ConfiguredIntegration<P>) => Promise<T>,
  summary: (result: T) => Record<string, unknown> = () => ({}),
): Promise<T> {
  const access = await requireWorkspaceRole(ctx, call.workspaceKey, 'member');
  const audit = (params: Record<string, unknown>, metadata: Record<string, unknown>) =>
    inTransaction(ctx, (ctx) =>
      appendAudit(ctx, {
        workspaceId: access.workspace.id,
        action: call.action,
        target: call.target,
        params,
        metadata,
      }),
    );
  let result: T;
  try {
    result = await run(await configuredIntegration(ctx, access, call.provider));
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
