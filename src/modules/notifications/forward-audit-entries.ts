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

/** Called with a workspace's entries chat forwarding is about to send, in the append's transaction. */
type ForwardListener = (ctx: Ctx, workspaceId: string, entries: readonly WrittenEntry[]) => Promise<void>;

const forwardListeners: ForwardListener[] = [];

/**
 * Registers `listener` for the entries every later forwarding sends (before their deliveries are
 * queued); registering it again changes nothing. The audit reasoner listens here: it explains
 * exactly what chat is sent, and a workspace without chat costs it nothing.
 */
export function onEntriesForwarded(listener: ForwardListener): void {
  if (!forwardListeners.includes(listener)) forwardListeners.push(listener);
}

/**
 * Decides, in the transaction that writes `entries`, which of them go to chat and where, tells the
 * forwarding listeners, and queues one delivery per channel: sent after commit, never for a change that rolled back. What is
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
    const sent = [...new Set(planned.map((p) => p.entry))];
    for (const listener of forwardListeners) await listener(ctx, workspaceId, sent);
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
