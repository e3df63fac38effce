import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { memoryFilter, type MemoryFilters } from './memory-filters.ts';
import { decodeRecallCursor, encodeRecallCursor } from './recall-cursor.ts';
import {
  compareRank,
  rankKey,
  scoreCandidate,
  type RecallCandidate,
  type ScoreParts,
} from './score-recall.ts';
import { queryTerms } from './search-terms.ts';
import { memories, memoryLexicon, type MemoryRow } from './table.ts';

/** Ranking looks at the newest matches only (ARCHITECTURE.md): this many per candidate query. */
export const CANDIDATE_LIMIT = 200;
/** Query words this close (pg_trgm similarity) to a known word are corrected to it. */
const TYPO_SIMILARITY = 0.35;

export interface Recall {
  items: { row: MemoryRow; explain?: ScoreParts }[];
  nextCursor: string | null;
  query?: { terms: string[]; corrections: Record<string, string>; candidates: number };
}

interface RecallInput {
  q: string;
  filters: MemoryFilters;
  current_subpath?: string | undefined;
  explain: boolean;
  limit: number;
  cursor?: string | undefined;
}

interface Term {
  label: string;
  query: SQL;
}

/**
 * Stop words drop out; an unknown word gets the nearest word of the project's lexicon. Known words
 * are one primary-key probe; only unknown ones pay for a trigram search, forced through its GIN
 * index (a sequential scan computes similarity for every word of the lexicon).
 */
async function wordTerms(ctx: Ctx, projectId: string, words: string[]) {
  if (words.length === 0) return { terms: [], corrections: {} };
  const rows = await queryRows<{ word: string; meaningful: boolean; known: boolean }>(
    ctx.db,
    sql`
      select w.word, numnode(plainto_tsquery('english', w.word)) > 0 as meaningful,
        exists (select 1 from ${memoryLexicon} k where k.project_id = ${projectId} and k.word = w.word) as known
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as w(word, ord)
      order by w.ord`,
  );
  const unknown = rows
    .filter((r) => r.meaningful && !r.known && /^\p{L}{4,}$/u.test(r.word))
    .map((r) => r.word);
  const fixes = unknown.length ? await nearestKnownWords(ctx, projectId, unknown) : new Map<string, string>();
  const corrections: Record<string, string> = {};
  const terms: Term[] = [];
  for (const r of rows) {
    if (!r.meaningful) continue;
    let query = sql`plainto_tsquery('english', ${r.word})`;
    const fix = fixes.get(r.word);
    if (fix) {
      corrections[r.word] = fix;
      query = sql`(${query} || plainto_tsquery('english', ${fix}))`;
    }
    terms.push({ label: r.word, query });
  }
  return { terms, corrections };
}

async function nearestKnownWords(ctx: Ctx, projectId: string, words: string[]): Promise<Map<string, string>> {
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<{ word: string; fix: string | null }>(
      tx,
      sql`
        select w.word, (
          select l.word from ${memoryLexicon} l
          where l.word % w.word and l.project_id = ${projectId} and similarity(l.word, w.word) >= ${TYPO_SIMILARITY}
          order by similarity(l.word, w.word) desc, l.word
          limit 1) as fix
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w(word)`,
    );
  });
  return new Map(rows.flatMap((r) => (r.fix ? [[r.word, r.fix] as const] : [])));
}

/** An identifier matches as written (one exact lexeme), or loosely through its English words. */
const identifierTerm = (ident: string): Term => ({
  label: ident,
  query: sql`(${`'${ident}'`}::tsquery || plainto_tsquery('english', ${ident}))`,
});

const joinQueries = (terms: Term[], op: '||' | '&&') =>
  sql.join(
    terms.map((t) => t.query),
    sql.raw(` ${op} `),
  );

/**
 * Ranked recall. Candidates are the newest CANDIDATE_LIMIT memories matching every term plus the
 * newest matching any term (both through the GIN index); they are scored in score-recall.ts.
 */
export async function recallMemories(ctx: Ctx, input: RecallInput): Promise<Recall> {
  const { identifiers, words } = queryTerms(input.q);
  const { terms: plain, corrections } = await wordTerms(ctx, input.filters.projectId, words);
  const terms = [...identifiers.map(identifierTerm), ...plain];
  const labels = terms.map((t) => t.label);
  const cursor = decodeRecallCursor(input.cursor);
  const asOfMs = cursor?.asOfMs ?? ctx.now().getTime();
  const queryInfo = { terms: labels, corrections, candidates: 0 };
  if (terms.length === 0)
    return { items: [], nextCursor: null, ...(input.explain ? { query: queryInfo } : {}) };

  const anyTerm = joinQueries(terms, '||');
  const where = memoryFilter(input.filters);
  const newest = (match: SQL) =>
    sql`(select id from ${memories} where ${where} and search @@ (${match})
         order by created_at desc, id desc limit ${CANDIDATE_LIMIT})`;
  const pool =
    terms.length === 1 ? newest(anyTerm) : sql`${newest(joinQueries(terms, '&&'))} union ${newest(anyTerm)}`;
  const mask = sql.join(
    terms.map((t, i) => sql`(case when m.search @@ (${t.query}) then ${1 << i} else 0 end)`),
    sql.raw(' + '),
  );
  const exact = identifiers.length
    ? sql.join(
        identifiers.map((i) => sql`${`'${i}'`}::tsquery`),
        sql.raw(' || '),
      )
    : null;
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
        ts_rank_cd(m.search, (${anyTerm}), 32)::float8 as text_rank,
        (${mask})::int as matched_mask,
        ${exact ? sql`m.search @@ (${exact})` : sql`false`} as identifier_match
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
        .select()
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
