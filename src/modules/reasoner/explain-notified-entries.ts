import type { Ctx } from '../../platform/context.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { askExplanations } from '../audit/index.ts';
import { chatTargets, integrationsIn } from '../integrations/index.ts';
import { explainEntryJob } from './explain-entry-job.ts';

/** What the reasoner needs of a freshly written audit entry. */
interface WrittenEntry {
  id: string;
  workspaceId: string | null;
  action: string;
  params: Record<string, unknown>;
}

/** A reason a person gave with the change: such an entry needs no model's explanation. */
const hasHumanReason = (entry: WrittenEntry) =>
  typeof entry.params.reason === 'string' && entry.params.reason.trim() !== '';

/**
 * The audit reasoner's listener: in the transaction that appends `entries`, asks for an
 * explanation of each one chat will be sent (the same decision chat forwarding makes) that carries
 * no human reason, when the workspace's audit reasoner is on and configured, and queues the job
 * that writes it. Nothing is asked otherwise: no entry reaches a model unless an admin turned it on.
 */
export async function explainNotifiedEntries(ctx: Ctx, entries: readonly WrittenEntry[]): Promise<void> {
  const byWorkspace = new Map<string, WrittenEntry[]>();
  for (const entry of entries) {
    if (entry.workspaceId === null || hasHumanReason(entry)) continue;
    byWorkspace.set(entry.workspaceId, [...(byWorkspace.get(entry.workspaceId) ?? []), entry]);
  }
  for (const [workspaceId, written] of byWorkspace) {
    const [reasoner, chat] = await integrationsIn(ctx, workspaceId, ['audit_reasoner', 'chat'] as const);
    if (!reasoner?.enabled || !reasoner.configured) continue;
    if (chat?.provider !== 'chat' || !chat.enabled || !chat.configured) continue;
    const notified = written.filter((entry) => chatTargets(entry, chat.fields).length > 0);
    if (notified.length === 0) continue;
    await askExplanations(
      ctx,
      notified.map((entry) => ({ ...entry, workspaceId })),
    );
    await enqueueJobs(
      ctx,
      explainEntryJob,
      notified.map((entry) => ({ workspaceId, payload: { audit_id: entry.id }, maxAttempts: 2 })),
    );
  }
}
