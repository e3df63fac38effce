/**
 * This process's recall indexes, one per project, each brought up to date before it answers
 * (index-sync.ts). Indexes are kept per opened database: a process (a test run) may open several,
 * and `ctx.claims`, this process's handle on one database, tells them apart.
 */
import type { Ctx } from '../../../platform/context.ts';
import { memoryWritesMark } from '../memory-writes.ts';
import { catchUp, loadProject, type Watermark } from './index-sync.ts';
import { ProjectIndex } from './project-index.ts';

interface IndexState {
  index: ProjectIndex;
  /** Loaded, then caught up: what the latest catch-up reached. */
  watermark: Promise<Watermark>;
  /** The first load has finished: the index holds the project (as of some catch-up). */
  loaded: boolean;
  /** A catch-up queued behind the running one and not started yet: later callers may share it. */
  queued: Promise<ProjectIndex> | null;
  /**
   * The mark of this process's memory writes (memory-writes.ts) taken before the latest catch-up
   * that succeeded began: while the mark is the same, no memory changed since, and a recall needs
   * no catch-up. Undefined when the process cannot tell (PostgreSQL) or none succeeded yet.
   */
  caughtUpAt: number | undefined;
}

const databases = new WeakMap<object, Map<string, IndexState>>();

/**
 * The project's index, with every change committed before this call applied. Concurrent callers
 * queue: a catch-up starts after the previous one ends, and callers that arrive before it starts
 * share it (it starts after they arrived, so it sees what they must see). On PGlite, where this
 * process makes every write, no catch-up runs while no memory write ended since the last one
 * began. Recall calls it outside any transaction, so that the snapshot it reads with is the
 * database's, not a transaction's.
 */
export function freshIndex(ctx: Ctx, projectId: string): Promise<ProjectIndex> {
  let states = databases.get(ctx.claims);
  if (!states) databases.set(ctx.claims, (states = new Map()));
  let state = states.get(projectId);
  if (!state) {
    const index = new ProjectIndex();
    state = {
      index,
      watermark: loadProject(ctx, index, projectId),
      loaded: false,
      queued: null,
      caughtUpAt: undefined,
    };
    states.set(projectId, state);
    const loading = state;
    loading.watermark.then(
      () => void (loading.loaded = true),
      () => undefined,
    );
    // A failed load is forgotten, so the next recall tries again.
    loading.watermark.catch(() => {
      if (states.get(projectId) === loading) states.delete(projectId);
    });
  }
  if (state.queued) return state.queued;
  const mark = memoryWritesMark(ctx);
  if (mark !== undefined && mark === state.caughtUpAt) return Promise.resolve(state.index);
  const current = state;
  const queued = current.watermark.then(async (from) => {
    if (current.queued === queued) current.queued = null;
    const before = memoryWritesMark(ctx);
    const next = catchUp(ctx, current.index, projectId, from);
    current.watermark = next.catch(() => from);
    current.caughtUpAt = undefined;
    await next;
    current.caughtUpAt = before;
    return current.index;
  });
  current.queued = queued;
  return queued;
}

/**
 * The project's index as this process holds it now, maybe behind the database (no catch-up is
 * waited for); undefined until its first load has finished. For work done while a catch-up runs,
 * to be checked against the index's `changes` once it has.
 */
export function loadedIndex(ctx: Ctx, projectId: string): ProjectIndex | undefined {
  const state = databases.get(ctx.claims)?.get(projectId);
  return state?.loaded ? state.index : undefined;
}
