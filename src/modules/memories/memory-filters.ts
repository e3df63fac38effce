import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { memories, type MemoryStatus, type MemoryType } from './table.ts';
import { missing } from '../../platform/missing.ts';

export interface MemoryFilters {
  projectId: string;
  /** DEFAULT_STATUSES when not given. */
  statuses?: MemoryStatus[] | undefined;
  types?: MemoryType[] | undefined;
  since?: Date | undefined;
}

/** By default recall leaves rejected memories out. */
export const DEFAULT_STATUSES: MemoryStatus[] = ['draft', 'confirmed'];

/** The filters of a memory list as one SQL condition (served by the project/type/recency indexes). */
export function memoryFilter(f: MemoryFilters): SQL {
  return (
    and(
      eq(memories.projectId, f.projectId),
      inArray(memories.status, f.statuses ?? DEFAULT_STATUSES),
      f.types ? inArray(memories.type, f.types) : undefined,
      f.since ? gte(memories.createdAt, f.since) : undefined,
    ) ?? missing('the memory filter')
  );
}
