import { and, arrayOverlaps, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { memories, type MemoryFlag, type MemoryStatus, type MemoryType } from './table.ts';
import { missing } from '../../platform/missing.ts';

export interface MemoryFilters {
  projectId: string;
  /** DEFAULT_STATUSES when not given. */
  statuses?: MemoryStatus[] | undefined;
  types?: MemoryType[] | undefined;
  since?: Date | undefined;
  /** Only memories carrying one of these flags (as stored: the review sweep sets `stale`). */
  flags?: MemoryFlag[] | undefined;
}

/** By default recall leaves rejected and superseded memories out. */
export const DEFAULT_STATUSES: MemoryStatus[] = ['draft', 'confirmed'];

/** The filters of a memory list as one SQL condition (served by the project/type/recency indexes). */
export function memoryFilter(f: MemoryFilters): SQL {
  return (
    and(
      eq(memories.projectId, f.projectId),
      inArray(memories.status, f.statuses ?? DEFAULT_STATUSES),
      f.types ? inArray(memories.type, f.types) : undefined,
      f.since ? gte(memories.createdAt, f.since) : undefined,
      f.flags ? arrayOverlaps(memories.flags, f.flags) : undefined,
    ) ?? missing('the memory filter')
  );
}
