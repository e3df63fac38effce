/**
 * Where the modules are tied together, above all of them: what listens to what, and which jobs
 * the server runs. Every entry point that changes data (the server, the console commands, the
 * test harness) calls composeModules() before it does.
 */
import type { JobHandler } from './platform/jobs/job-runner.ts';
import { onAuditAppended } from './modules/audit/index.ts';
import { deliverChat, DELIVER_CHAT_JOB, forwardAuditEntries } from './modules/notifications/index.ts';

/** Every kind of background job the server runs, by name (the `kind` stored with each job). */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [DELIVER_CHAT_JOB]: deliverChat,
};

/**
 * Registers what acts on appended audit entries: chat forwarding queues deliveries in the
 * transaction that appends them. Calling it again changes nothing.
 */
export function composeModules(): void {
  onAuditAppended(forwardAuditEntries);
}
