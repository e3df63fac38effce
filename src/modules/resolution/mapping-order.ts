import type { ProjectMapping } from '../tenancy/index.ts';

/** Resolution tries mappings by kind, highest priority first, then in the order they were added. */
export const byPriority = (a: ProjectMapping, b: ProjectMapping) =>
  (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
  b.priority - a.priority ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
