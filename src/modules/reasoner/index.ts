/** The public face of the reasoner module: the audit reasoner's listener and job, for composition. */
export { explainNotifiedEntries } from './explain-notified-entries.ts';
export { explainEntryJob } from './explain-entry-job.ts';
