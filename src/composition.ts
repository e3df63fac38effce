/**
 * Where the modules are tied together, above all of them: what listens to what, and which jobs
 * the server runs. Every entry point that changes data (the server, the console commands, the
 * test harness) calls composeModules() before it does.
 */
import type { JobDefinition } from './platform/jobs/define-job.ts';
import {
  inferActiveWorkJob,
  queueActiveWorkEvidence,
  sweepActiveWorkJob,
} from './modules/active-work/index.ts';
import { onAuditAppended } from './modules/audit/index.ts';
import { syncPermissionsJob, syncReposJob, webhookJob } from './modules/codehost/index.ts';
import { deliverChatJob, forwardAuditEntries, onEntriesForwarded } from './modules/notifications/index.ts';
import { explainEntryJob, explainForwardedEntries, proposeMemories } from './modules/reasoner/index.ts';
import { useMemoryProposer } from './modules/imports/index.ts';
import { sweepReviewsJob } from './modules/memories/index.ts';

/** Every kind of background job the server runs: its runners claim these kinds and no other. */
export const JOBS: readonly JobDefinition[] = [
  deliverChatJob,
  explainEntryJob,
  syncReposJob,
  syncPermissionsJob,
  webhookJob,
  inferActiveWorkJob,
  sweepActiveWorkJob,
  sweepReviewsJob,
];

/**
 * Registers what acts on appended audit entries, in the transaction that appends them: chat
 * forwarding queues deliveries (and tells the audit reasoner, which asks for explanations of what
 * chat is sent); Active Work queues inference of work memories and CI runs. Import extraction asks
 * the model through the reasoner's proposer (when a workspace turns model_extraction on). Calling
 * it again changes nothing.
 */
export function composeModules(): void {
  onAuditAppended(forwardAuditEntries);
  onEntriesForwarded(explainForwardedEntries);
  onAuditAppended(queueActiveWorkEvidence);
  useMemoryProposer(proposeMemories);
}
