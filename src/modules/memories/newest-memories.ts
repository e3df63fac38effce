import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { deepFreeze } from '../../platform/deep-freeze.ts';
import { memoryWritesMark } from './memory-writes.ts';
import { memories, type MemoryStatus, type MemoryType } from './table.ts';

/** The start of a memory, with what a one-line view of it needs. */
export interface MemoryExcerpt {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  content: string;
  evidenceRef: string | null;
  subpath: string | null;
  /** When what it says happened. */
  occurredAt: Date;
  /** `content` is only the start of the memory. */
  truncated: boolean;
}

/** One read: the newest `limit` memories of one type and status. */
export interface NewestRead {
  type: MemoryType;
  status: MemoryStatus;
  limit: number;
}

/** Answers kept on PGlite (memory-writes.ts), per database: the mark they were read at, by input. */
const keptAnswers = new WeakMap<object, { mark: number; byInput: Map<string, readonly MemoryExcerpt[]> }>();
/** Inputs kept per database, at most (a context bundle makes one per project). */
const MAX_KEPT = 256;

/**
 * The most recent memories of a project (by when what they say happened) for each (type, status)
 * read, their first `chars` characters, in one round trip: a UNION ALL of short walks of the
 * type/occurred_at index (a single `type IN (...)` query would sort every memory of those types).
 * On PGlite, where this process makes every write, the answer is kept and given again while no
 * memory write has ended since it was read (the context bundle asks the same each time). The
 * caller checked access; the answer is frozen (shared).
 */
export async function newestMemories(
  ctx: Ctx,
  input: { projectId: string; reads: readonly NewestRead[]; chars: number },
): Promise<readonly MemoryExcerpt[]> {
  if (input.reads.length === 0) return [];
  const mark = memoryWritesMark(ctx);
  if (mark === undefined) return readNewest(ctx, input);
  let kept = keptAnswers.get(ctx.claims);
  if (kept?.mark !== mark) keptAnswers.set(ctx.claims, (kept = { mark, byInput: new Map() }));
  const key = JSON.stringify(input);
  const answer = kept.byInput.get(key);
  if (answer) return answer;
  const read = deepFreeze(await readNewest(ctx, input));
  // Kept only if no write ended meanwhile (a read begun before a commit may have missed it).
  if (memoryWritesMark(ctx) === mark) {
    if (kept.byInput.size >= MAX_KEPT) kept.byInput.clear();
    kept.byInput.set(key, read);
  }
  return read;
}

async function readNewest(
  ctx: Ctx,
  input: { projectId: string; reads: readonly NewestRead[]; chars: number },
): Promise<MemoryExcerpt[]> {
  const part = ({ type, status, limit }: NewestRead): SQL => sql`(
    select id, type, status, left(content, ${input.chars}) as content, length(content) > ${input.chars} as cut, evidence_ref,
      metadata->>'subpath' as subpath, (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms
    from ${memories}
    where project_id = ${input.projectId} and type = ${type} and status = ${status}
    order by occurred_at desc, id desc
    limit ${limit})`;
  const rows = await queryRows<{
    id: string;
    type: MemoryType;
    status: MemoryStatus;
    content: string;
    cut: boolean;
    evidence_ref: string | null;
    subpath: string | null;
    occurred_ms: number;
  }>(ctx.db, sql.join(input.reads.map(part), sql` union all `));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    content: r.content,
    evidenceRef: r.evidence_ref,
    subpath: r.subpath,
    occurredAt: new Date(r.occurred_ms),
    truncated: r.cut,
  }));
}
