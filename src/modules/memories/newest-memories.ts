import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { deepFreeze } from '../../platform/deep-freeze.ts';
import { memoryWritesMark } from './memory-writes.ts';
import { freshIndex, loadedIndex } from './recall-index/fresh-index.ts';
import type { ProjectIndex } from './recall-index/project-index.ts';
import { citedCodeOf, type CitedCode } from './schemas.ts';
import { memories, type MemoryFlag, type MemoryStatus, type MemoryType } from './table.ts';

/** The start of a memory, with what a one-line view of it needs. */
export interface MemoryExcerpt {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  flags: readonly MemoryFlag[];
  content: string;
  evidenceRef: string | null;
  subpath: string | null;
  /** The code it cites (`metadata.cites`), for clients that check it exists. */
  cites: readonly CitedCode[];
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

/**
 * What an answer was read at: while it is the same, no memory of the project has changed. Either
 * this process's memory writes (PGlite: it makes them all) or the project's recall index, just
 * caught up with the database, and its count of changes (any engine).
 */
interface Mark {
  /** The index whose changes `n` counts, or null for this process's memory writes. */
  index: ProjectIndex | null;
  n: number;
}

/** Answers kept per database, then per project: the mark they were read at, by input. */
const keptAnswers = new WeakMap<
  object,
  Map<string, { mark: Mark; byInput: Map<string, readonly MemoryExcerpt[]> }>
>();
/** Inputs kept per project, at most (a context bundle makes one per project). */
const MAX_KEPT = 2;
/** Projects kept per database, at most: 256 answers in all, each up to a few hundred kB. */
const MAX_KEPT_PROJECTS = 128;

/**
 * The most recent memories of a project (by when what they say happened) for each (type, status)
 * read, their first `chars` characters, in one round trip: a UNION ALL of short walks of the
 * type/occurred_at index (a single `type IN (...)` query would sort every memory of those types).
 * The answer is kept and given again while the project's memories stay the same (the context
 * bundle asks the same each time): on PGlite while no memory write of this process has ended; on
 * PostgreSQL while the project's recall index, once loaded, finds no change when it catches up
 * (one statement instead of the read). The caller checked access and is in no transaction; the
 * answer is frozen (shared).
 */
export async function newestMemories(
  ctx: Ctx,
  input: { projectId: string; reads: readonly NewestRead[]; chars: number },
): Promise<readonly MemoryExcerpt[]> {
  if (input.reads.length === 0) return [];
  const mark = await markNow(ctx, input.projectId);
  if (mark === undefined) return readNewest(ctx, input);
  let projects = keptAnswers.get(ctx.claims);
  if (!projects) keptAnswers.set(ctx.claims, (projects = new Map()));
  let kept = projects.get(input.projectId);
  if (kept?.mark.index !== mark.index || kept.mark.n !== mark.n) {
    if (!kept && projects.size >= MAX_KEPT_PROJECTS) projects.clear();
    projects.set(input.projectId, (kept = { mark, byInput: new Map() }));
  }
  const key = JSON.stringify(input);
  const answer = kept.byInput.get(key);
  if (answer) return answer;
  const read = deepFreeze(await readNewest(ctx, input));
  // Kept only if the mark still holds: a write that ended (or a change caught up) meanwhile may
  // be missing from what was read.
  if (stillHolds(ctx, mark)) {
    if (kept.byInput.size >= MAX_KEPT) kept.byInput.clear();
    kept.byInput.set(key, read);
  }
  return read;
}

async function markNow(ctx: Ctx, projectId: string): Promise<Mark | undefined> {
  const writes = memoryWritesMark(ctx);
  if (writes !== undefined) return { index: null, n: writes };
  // Loading an index to answer this would cost far more than the read.
  if (!loadedIndex(ctx, projectId)) return undefined;
  const index = await freshIndex(ctx, projectId);
  return { index, n: index.changes };
}

function stillHolds(ctx: Ctx, mark: Mark): boolean {
  return (mark.index ? mark.index.changes : memoryWritesMark(ctx)) === mark.n;
}

async function readNewest(
  ctx: Ctx,
  input: { projectId: string; reads: readonly NewestRead[]; chars: number },
): Promise<MemoryExcerpt[]> {
  const part = ({ type, status, limit }: NewestRead): SQL => sql`(
    select id, type, status, flags, left(content, ${input.chars}) as content, length(content) > ${input.chars} as cut, evidence_ref,
      metadata->>'subpath' as subpath, metadata->'cites' as cites, (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms
    from ${memories}
    where project_id = ${input.projectId} and type = ${type} and status = ${status}
    order by occurred_at desc, id desc
    limit ${limit})`;
  const rows = await queryRows<{
    id: string;
    type: MemoryType;
    status: MemoryStatus;
    flags: MemoryFlag[];
    content: string;
    cut: boolean;
    evidence_ref: string | null;
    subpath: string | null;
    cites: unknown;
    occurred_ms: number;
  }>(ctx.db, sql.join(input.reads.map(part), sql` union all `));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    flags: r.flags,
    content: r.content,
    evidenceRef: r.evidence_ref,
    subpath: r.subpath,
    cites: citedCodeOf(r.cites),
    occurredAt: new Date(r.occurred_ms),
    truncated: r.cut,
  }));
}
