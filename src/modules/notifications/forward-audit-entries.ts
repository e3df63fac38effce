import type { Ctx } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { chatTargets, integrationIn } from '../integrations/index.ts';
import { deliverChatJob } from './deliver-chat.ts';
import { deliveries } from './table.ts';

/** What forwarding needs of a freshly written audit entry. */
export interface WrittenEntry {
  id: string;
  workspaceId: string | null;
  action: string;
  params: Record<string, unknown>;
}

/**
 * Decides, in the transaction that writes `entries`, which of them go to chat and where, and
 * queues one delivery per channel: sent after commit, never for a change that rolled back. What is
 * decided here stays decided: an entry written while chat was off is never sent later, and one
 * written while it was on is sent even if the rules change before delivery. Entries outside any
 * workspace (users, own API keys) have no chat configuration and are not sent.
 */
export async function forwardAuditEntries(ctx: Ctx, entries: readonly WrittenEntry[]): Promise<void> {
  const byWorkspace = new Map<string, WrittenEntry[]>();
  for (const entry of entries) {
    if (entry.workspaceId === null) continue;
    const group = byWorkspace.get(entry.workspaceId);
    if (group) group.push(entry);
    else byWorkspace.set(entry.workspaceId, [entry]);
  }
  for (const [workspaceId, written] of byWorkspace) {
    const chat = await integrationIn(ctx, workspaceId, 'chat');
    if (!chat.enabled || !chat.configured) continue;
    const planned = written.flatMap((entry) =>
      chatTargets(entry, chat.fields).map((target) => ({
        entry,
        target,
        id: newId('dlv'),
        jobId: newId('job'),
      })),
    );
    if (planned.length === 0) continue;
    await enqueueJobs(
      ctx,
      deliverChatJob,
      planned.map((p) => ({ id: p.jobId, workspaceId, payload: { delivery_id: p.id } })),
    );
    const now = ctx.now();
    await ctx.db.insert(deliveries).values(
      planned.map((p) => ({
        id: p.id,
        workspaceId,
        jobId: p.jobId,
        auditId: p.entry.id,
        integration: 'chat' as const,
        action: p.entry.action,
        channel: p.target.channel,
        severity: p.target.severity,
        createdAt: now,
      })),
    );
  }
}
