import type { Ctx } from '../../platform/context.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { askExplanations } from '../audit/index.ts';
import { integrationIn } from '../integrations/index.ts';
import { explainEntryJob } from './explain-entry-job.ts';

/** What the reasoner needs of an entry chat forwarding sends. */
interface WrittenEntry {
  id: string;
  action: string;
  params: Record<string, unknown>;
}

/** A reason a person gave with the change: such an entry needs no model's explanation. */
const hasHumanReason = (entry: WrittenEntry) =>
  typeof entry.params.reason === 'string' && entry.params.reason.trim() !== '';

/**
 * The audit reasoner's listener of chat forwarding: in the transaction that appends them, asks for
 * an explanation of each entry chat is about to be sent that carries no human reason, when the
 * workspace's audit reasoner is on and configured, and queues the job that writes it (before the
 * deliveries, so it is claimed first). Nothing is asked otherwise: no entry reaches a model unless
 * an admin turned it on.
 */
export async function explainForwardedEntries(
  ctx: Ctx,
  workspaceId: string,
  entries: readonly WrittenEntry[],
): Promise<void> {
  const unexplained = entries.filter((entry) => !hasHumanReason(entry));
  if (unexplained.length === 0) return;
  const reasoner = await integrationIn(ctx, workspaceId, 'audit_reasoner');
  if (!reasoner.enabled || !reasoner.configured) return;
  await askExplanations(
    ctx,
    unexplained.map((entry) => ({ ...entry, workspaceId })),
  );
  await enqueueJobs(
    ctx,
    explainEntryJob,
    unexplained.map((entry) => ({ workspaceId, payload: { audit_id: entry.id }, maxAttempts: 2 })),
  );
}
