import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { memoryFilter, type MemoryFilters } from './memory-filters.ts';
import { candidatePool } from './recall-candidates.ts';
import { decodeRecallCursor, encodeRecallCursor } from './recall-cursor.ts';
import type { memoryList, ScoreParts } from './schemas.ts';
import { compareRank, rankKey, scoreCandidate, type RecallCandidate } from './score-recall.ts';
import { allOf, anyOf, recallTerms } from './recall-terms.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';

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

/**
 * Ranked recall: the candidates of recall-candidates.ts, scored in score-recall.ts. Every term's
 * tsquery travels as one text parameter, so it is parsed once per request, not once per row.
 * The caller checked that the actor may read the project.
 */
export async function recallMemories({ ctx, input }: { ctx: Ctx; input: RecallInput }): Promise<Recall> {
  const { terms, corrections } = await recallTerms(ctx, input.filters.projectId, input.q);
  const labels = terms.map((t) => t.label);
  const cursor = decodeRecallCursor(input.cursor);
  const asOfMs = cursor?.asOfMs ?? ctx.now().getTime();
  const queryInfo = { terms: labels, corrections, candidates: 0 };
  if (terms.length === 0)
    return { items: [], nextCursor: null, ...(input.explain ? { query: queryInfo } : {}) };

  const anyTerm = anyOf(terms);
  const pool = candidatePool(
    memoryFilter(input.filters),
    allOf(terms),
    terms.length > 1 ? anyTerm : null,
    ctx.now(),
  );
  const mask = sql.join(
    terms.map((t, i) => sql`(case when m.search @@ ${t.tsquery}::tsquery then ${1 << i} else 0 end)`),
    sql.raw(' + '),
  );
  const exact = terms.flatMap((t) => (t.exact ? [`(${t.exact})`] : [])).join(' | ');
  const rows = await queryRows<{
    id: string;
    type: RecallCandidate['type'];
    status: RecallCandidate['status'];
    subpath: string | null;
    created_ms: number;
    text_rank: number;
    matched_mask: number;
    identifier_match: boolean;
  }>(
    ctx.db,
    sql`
      select m.id, m.type, m.status, m.metadata->>'subpath' as subpath,
        (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
        ts_rank_cd(m.search, ${anyTerm}::tsquery, 32)::float8 as text_rank,
        (${mask})::int as matched_mask,
        ${exact ? sql`m.search @@ ${exact}::tsquery` : sql`false`} as identifier_match
      from (${pool}) c join ${memories} m on m.id = c.id`,
  );
  const scored = rows
    .map((r) =>
      scoreCandidate(
        {
          id: r.id,
          type: r.type,
          status: r.status,
          subpath: r.subpath,
          createdAtMs: r.created_ms,
          textRank: r.text_rank,
          matchedMask: r.matched_mask,
          identifierMatch: r.identifier_match,
        },
        labels,
        { nowMs: asOfMs, currentSubpath: input.current_subpath },
      ),
    )
    .sort((a, b) => compareRank(rankKey(a), rankKey(b)));
  const after = cursor?.after;
  const rest = after ? scored.filter((s) => compareRank(rankKey(s), after) > 0) : scored;
  const pageItems = rest.slice(0, input.limit);
  const last = pageItems[pageItems.length - 1];
  const nextCursor =
    rest.length > input.limit && last ? encodeRecallCursor({ asOfMs, after: rankKey(last) }) : null;
  const full = pageItems.length
    ? await ctx.db
        .select(memoryColumns)
        .from(memories)
        .where(
          inArray(
            memories.id,
            pageItems.map((s) => s.id),
          ),
        )
    : [];
  const byId = new Map(full.map((r) => [r.id, r]));
  const items = pageItems.flatMap((s) => {
    const row = byId.get(s.id);
    return row ? [{ row, ...(input.explain ? { explain: s.parts } : {}) }] : [];
  });
  return {
    items,
    nextCursor,
    ...(input.explain ? { query: { ...queryInfo, candidates: rows.length } } : {}),
  };
}
