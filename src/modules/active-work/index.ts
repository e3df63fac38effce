/** The public face of the Active Work module: what other modules, the CLI and the app may import from it. */
export { inferActiveWorkJob, queueActiveWorkEvidence, queueEvidence } from './infer-job.ts';
export { activeWorkRoutes } from './routes.ts';
export { scheduleActiveWorkSweep, sweepActiveWorkJob } from './sweep.ts';
export { gitEvidence } from './git-evidence.ts';
export { codehostEvidence, type CodehostWorkFacts } from './codehost-evidence.ts';
export { currentWork, type CurrentWork } from './current-work.ts';
export { itemList } from './schemas.ts';
export { ITEM_STATUSES } from './table.ts';
