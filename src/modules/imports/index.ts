/** The public face of the imports module: what other modules, the CLI and the app may import from it. */
export { importRoutes } from './routes.ts';
export { scheduleImportSweep } from './schedule-import-sweep.ts';
export { useMemoryProposer, type MemoryProposer, type ProposerAnswer } from './memory-proposer.ts';
