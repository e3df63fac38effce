/** The public face of the memories module: what other modules, the CLI and the app may import from it. */
export { contentHash } from './content-hash.ts';
export { identifierTokens, type IdentifierKind, type IdentifierToken } from './identifiers.ts';
// How recall weighs a memory (type, status, recency, sub-project); the context bundle ranks its
// snapshot sections with the same weights, so that both agree on what matters most.
export {
  STATUS_WEIGHTS,
  SUBPATH_BOOST,
  TYPE_WEIGHTS,
  flagWeight,
  recencyWeight,
  subpathBoost,
} from './score-recall.ts';
export { MEMORY_FLAGS, MEMORY_STATUSES, MEMORY_TYPES } from '../tenancy/index.ts';
export { restartReviewClocks } from './restart-review-clocks.ts';
export { textFlagsOf } from './text-flags.ts';
export { scheduleReviewSweep, sweepReviewsJob } from './review-sweep.ts';
export { newestMemories, type MemoryExcerpt } from './newest-memories.ts';
export { recallMemories } from './recall-memories.ts';
export { memoryRoutes } from './routes.ts';
export {
  citedCodeOf,
  MAX_MEMORY_CHARS,
  MAX_SUPERSEDES,
  memoryId,
  memoryType,
  occurredAt,
  subpath,
} from './schemas.ts';
export { memoryAnswer, memoryList, memoryWriteAnswer } from './memory-answers.ts';
export { storeMemories } from './store-memories.ts';
export { memories } from './table.ts';
export type { MemoryType } from './table.ts';
