import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { DEFAULT_STATUSES, type MemoryFilters } from './memory-filters.ts';
import { decodeRecallCursor, encodeRecallCursor, type RecallCursor } from './recall-cursor.ts';
import { freshIndex, loadedIndex } from './recall-index/fresh-index.ts';
import { flagMask, type ProjectIndex } from './recall-index/project-index.ts';
import { planQuery, type QueryPlan } from './recall-index/query-plan.ts';
import { rankMatches, termMatches } from './recall-index/rank-matches.ts';
import type { memoryList, ScoreParts } from './memory-answers.ts';
import { scoreCandidate } from './score-recall.ts';
import { keepNewestRows, recallPageRows } from './recall-page-rows.ts';
import type { MemoryRow } from './table.ts';

export interface Recall {
  items: { row: MemoryRow; explain?: ScoreParts }[];
  nextCursor: string | null;
  query?: z.output<typeof memoryList>['query'];
}

export interface RecallInput {
  q: string;
  /** Which memories of which project (rejected ones left out unless `statuses` names them). */
  filters: MemoryFilters;
  current_subpath?: string | undefined;
  explain: boolean;
  limit: number;
  cursor?: string | undefined;
}

/** A page ranked on one state of an index (planning and ranking: synchronous). */
interface RankedPage extends QueryPlan {
  page: ReturnType<typeof rankMatches> | null;
}

function rankPage(
  index: ProjectIndex,
  input: RecallInput,
  asOfMs: number,
  after: RecallCursor['after'] | undefined,
): RankedPage {
  const { terms, corrections } = planQuery(index, input.q);
  if (terms.length === 0) return { terms, corrections, page: null };
  const page = rankMatches(
    index,
    terms,
    {
      statuses: input.filters.statuses ?? DEFAULT_STATUSES,
      types: input.filters.types,
      sinceMs: input.filters.since?.getTime(),
      flagMask: input.filters.flags && flagMask(input.filters.flags),
    },
    {
      nowMs: asOfMs,
      currentSubpath: input.current_subpath,
      limit: input.limit,
      after,
      countAll: input.explain,
    },
  );
  return { terms, corrections, page };
}

/**
 * Ranked recall (ADR 0016): the project's index in this process, brought up to date, matches and
 * ranks every memory the query's terms find (recall-index/); then the page's rows, most often
 * kept from earlier recalls or read ahead (recall-page-rows.ts). While the catch-up's statement
 * runs, the page is ranked on the index as it stands; that page is the answer when the catch-up
 * changed nothing (the usual case), else it is ranked again. The caller checked that the actor
 * may read the project; recall runs outside any transaction.
 */
export async function recallMemories({ ctx, input }: { ctx: Ctx; input: RecallInput }): Promise<Recall> {
  const cursor = decodeRecallCursor(input.cursor);
  const asOfMs = cursor?.asOfMs ?? ctx.now().getTime();
  const fresh = freshIndex(ctx, input.filters.projectId);
  const early = loadedIndex(ctx, input.filters.projectId);
  let ranked: RankedPage | undefined;
  let rankedAt: number | undefined;
  if (early) {
    // A turn of the event loop first: the catch-up's statement is sent before ranking holds it.
    await new Promise((resolve) => setImmediate(resolve));
    rankedAt = early.changes;
    ranked = rankPage(early, input, asOfMs, cursor?.after);
  }
  const index = await fresh;
  void keepNewestRows(ctx, index);
  if (!ranked || index !== early || index.changes !== rankedAt) {
    ranked = rankPage(index, input, asOfMs, cursor?.after);
  }
  const { terms, corrections, page } = ranked;
  const labels = terms.map((t) => t.label);
  const queryInfo = { terms: labels, corrections, candidates: 0 };
  if (!page) return { items: [], nextCursor: null, ...(input.explain ? { query: queryInfo } : {}) };

  const last = page.items.at(-1);
  const nextCursor = page.more && last ? encodeRecallCursor({ asOfMs, after: last.key }) : null;
  const explained = page.items.map((item) => {
    if (!input.explain) return { id: item.key[2] };
    const { parts } = scoreCandidate(
      {
        id: item.key[2],
        type: index.typeOf(item.doc),
        status: index.statusOf(item.doc),
        flags: index.flagsOf(item.doc),
        subpath: index.subpaths[item.doc] ?? null,
        occurredAtMs: index.occurredAt[item.doc] ?? 0,
        textRank: item.textRank,
        matchedMask: item.mask,
        identifierMatch: item.identifierMatch,
        matches: termMatches(index, terms, item.doc),
      },
      terms,
      { nowMs: asOfMs, currentSubpath: input.current_subpath },
    );
    return { id: item.key[2], explain: parts };
  });
  const ids = explained.map((e) => e.id);
  const byId = ids.length ? await recallPageRows(ctx, index, ids) : new Map<string, MemoryRow>();
  const items = explained.flatMap(({ id, explain }) => {
    const row = byId.get(id);
    return row ? [{ row, ...(explain ? { explain } : {}) }] : [];
  });
  return {
    items,
    nextCursor,
    ...(input.explain ? { query: { ...queryInfo, candidates: page.matches } } : {}),
  };
}
