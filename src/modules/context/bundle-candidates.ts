import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { memories, type MemoryStatus, type MemoryType } from '../memories/index.ts';
import { SNAPSHOT_SECTIONS } from './bundle-sections.ts';

/** What a bundle section may show of a memory. */
export interface BundleCandidate {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  content: string;
  evidenceRef: string | null;
  subpath: string | null;
  createdAt: Date;
  /** `content` is only the start of the memory. */
  truncated: boolean;
}

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
 * The newest confirmed and draft memories of each snapshot type of a project, in one round trip
 * (a UNION ALL of index walks: a single `type IN (...)` query would sort every memory of those types).
 * Rejected memories are never read.
 */
export async function loadSnapshotCandidates(ctx: Ctx, projectId: string): Promise<BundleCandidate[]> {
  const part = (type: MemoryType, status: (typeof STATUSES)[number]): SQL => sql`(
    select id, type, status, left(content, ${READ_CHARS}) as content, length(content) > ${READ_CHARS} as cut, evidence_ref,
      metadata->>'subpath' as subpath, (extract(epoch from created_at) * 1000)::float8 as created_ms
    from ${memories}
    where project_id = ${projectId} and type = ${type} and status = ${status}
    order by created_at desc, id desc
    limit ${type === 'summary' ? 1 : PER_TYPE_AND_STATUS[status]})`;
  const parts = SNAPSHOT_TYPES.flatMap((type) => STATUSES.map((status) => part(type, status)));
  const rows = await queryRows<{
    id: string;
    type: MemoryType;
    status: MemoryStatus;
    content: string;
    cut: boolean;
    evidence_ref: string | null;
    subpath: string | null;
    created_ms: number;
  }>(ctx.db, sql.join(parts, sql` union all `));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    content: r.content,
    evidenceRef: r.evidence_ref,
    subpath: r.subpath,
    createdAt: new Date(r.created_ms),
    truncated: r.cut,
  }));
}
