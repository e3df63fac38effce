import type { Provider } from '../../../config/index.ts';
import type { Ctx } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { appendAudit, type AuditAction, type AuditParams } from '../../audit/index.ts';
import { configuredIntegration } from '../config/configured-integration.ts';
import type { ConfiguredIntegration } from '../config/effective-integration.ts';
import { requireWorkspaceRole } from '../../access/index.ts';

/** The providers read on a member's behalf. */
type SourceProvider = Extract<Provider, 'tracker' | 'wiki'>;

/** One of a provider's own actions (`tracker.search`, `wiki.read` ...). */
type ProviderAction<P extends SourceProvider> = Extract<AuditAction, `${P}.${string}`>;

export interface ProviderCall<P extends SourceProvider, A extends ProviderAction<P>> {
  workspaceKey: string;
  provider: P;
  action: A;
  target: { type: string; id: string | null };
  params: AuditParams<A>;
}

/**
 * A tracker or wiki call for a workspace member: `run` gets the provider's configuration that
 * applies, and every call is audited (docs/api.md#tracker-and-wiki), including a provider that is
 * not configured: `params` on failure, what `succeeded` makes of the result on success (`params`
 * unless given); the outcome, and on failure the error code and message, in the metadata. The failure is then rethrown unchanged. Callers
 * outside the workspace get 404 and leave no entry.
 */
export async function auditedProviderCall<P extends SourceProvider, A extends ProviderAction<P>, T>(
  ctx: Ctx,
  call: ProviderCall<P, A>,
  run: (integration: ConfiguredIntegration<P>) => Promise<T>,
  succeeded: (result: T) => AuditParams<A> = () => call.params,
): Promise<T> {
  const access = await requireWorkspaceRole(ctx, call.workspaceKey, 'member');
  const audit = (params: AuditParams<A>, metadata: Record<string, unknown>) =>
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
  await audit(succeeded(result), { outcome: 'success' });
  return result;
}
