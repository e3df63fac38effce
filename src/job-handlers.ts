import type { JobHandler } from './platform/jobs/job-runner.ts';
import { deliverChat, DELIVER_CHAT_JOB } from './modules/notifications/index.ts';

/** Every kind of background job the server runs, by name (the `kind` stored with each job). */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [DELIVER_CHAT_JOB]: deliverChat,
};
