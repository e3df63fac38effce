import type { Ctx } from '../../platform/context.ts';
import { newestMemories, type MemoryType } from '../memories/index.ts';
import { SNAPSHOT_SECTIONS, type BundleCandidate } from './bundle-sections.ts';

/** The memory types the snapshot draws from: the summary and each section's types. */
const SNAPSHOT_TYPES: readonly MemoryType[] = [
  'summary',
  ...Object.values(SNAPSHOT_SECTIONS).flatMap((section) => section.types),
];
/**
 * Newest memories read per (type, status): each read is one short walk of the type/recency index.
 * Confirmed memories are curated and stay relevant for long, so more of them are read.
 */
const PER_TYPE_AND_STATUS = { confirmed: 60, draft: 20 } as const;
/** Characters read of each memory: more than a line (or the summary) of a bundle shows. */
const READ_CHARS = 600;
const STATUSES = ['confirmed', 'draft'] as const;

/**
 * The newest confirmed and draft memories of each snapshot type of a project (one summary of each
 * status), in one round trip. Rejected memories are never read.
 */
export function loadSnapshotCandidates(ctx: Ctx, projectId: string): Promise<readonly BundleCandidate[]> {
  const reads = SNAPSHOT_TYPES.flatMap((type) =>
    STATUSES.map((status) => ({ type, status, limit: type === 'summary' ? 1 : PER_TYPE_AND_STATUS[status] })),
  );
  return newestMemories(ctx, { projectId, reads, chars: READ_CHARS });
}
