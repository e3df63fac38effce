/**
 * The public face of the reasoner module (what ctxhub asks a language model): the audit reasoner's
 * listener and job, and model extraction's proposer, for composition.
 */
export { explainForwardedEntries } from './explain-forwarded-entries.ts';
export { explainEntryJob } from './explain-entry-job.ts';
export { proposeMemories } from './propose-memories.ts';
