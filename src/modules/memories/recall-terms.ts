import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { queryTerms } from './search-terms.ts';
import { memoryLexicon } from './table.ts';

/** Query words this close (pg_trgm similarity) to a known word are corrected to it. */
const TYPO_SIMILARITY = 0.35;

/** One term of a recall query with its tsquery in text form, built once per request. */
export interface RecallTerm {
  label: string;
  tsquery: string;
  /** For an identifier: the tsquery matching it exactly as written. */
  exact: string | null;
}

export interface RecallTerms {
  terms: RecallTerm[];
  corrections: Record<string, string>;
}

/** Terms combined in a tsquery's text form (each term's own query is already well-formed). */
export const allOf = (terms: RecallTerm[]) => terms.map((t) => `(${t.tsquery})`).join(' & ');
export const anyOf = (terms: RecallTerm[]) => terms.map((t) => `(${t.tsquery})`).join(' | ');

/**
 * The terms of `q` for a project. Identifiers match as written (one exact lexeme) or loosely
 * through their English words; other words through English stems, stop words dropping out. An
 * unknown word also matches the nearest word of the project's lexicon. Known words cost one
 * primary-key probe; only unknown ones pay for a trigram search.
 */
export async function recallTerms(ctx: Ctx, projectId: string, q: string): Promise<RecallTerms> {
  const { identifiers, words } = queryTerms(q);
  const asked = [
    ...identifiers.map((word) => ({ word, identifier: true })),
    ...words.map((word) => ({ word, identifier: false })),
  ];
  if (asked.length === 0) return { terms: [], corrections: {} };
  const rows = await queryRows<{
    word: string;
    identifier: boolean;
    query: string;
    exact: string | null;
    known: boolean;
  }>(
    ctx.db,
    sql`
      select w.word, w.identifier,
        (case when w.identifier then quote_literal(w.word)::tsquery || plainto_tsquery('english', w.word)
              else plainto_tsquery('english', w.word) end)::text as query,
        case when w.identifier then quote_literal(w.word)::tsquery::text end as exact,
        exists (select 1 from ${memoryLexicon} k where k.project_id = ${projectId} and k.word = w.word) as known
      from rows from (jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as (word text, identifier boolean))
        with ordinality as w(word, identifier, ord)
      order by w.ord`,
  );
  const meaningful = rows.filter((r) => r.query !== '');
  const unknown = meaningful
    .filter((r) => !r.identifier && !r.known && /^\p{L}{4,}$/u.test(r.word))
    .map((r) => r.word);
  const fixes = unknown.length ? await nearestKnownWords(ctx, projectId, unknown) : new Map();
  const corrections: Record<string, string> = {};
  const terms = meaningful.map((r) => {
    const fix = fixes.get(r.word);
    if (!fix) return { label: r.word, tsquery: r.query, exact: r.exact };
    corrections[r.word] = fix.word;
    return { label: r.word, tsquery: `(${r.query}) | (${fix.query})`, exact: r.exact };
  });
  return { terms, corrections };
}

/**
 * The nearest lexicon word of each word, through the trigram GIN index (never a sequential scan).
 * Recall runs outside any transaction, so the setting ends with this one.
 */
async function nearestKnownWords(ctx: Ctx, projectId: string, words: string[]) {
  const rows = await inTransaction(ctx, async (ctx) => {
    await ctx.db.execute(sql`set local enable_seqscan = off`);
    return queryRows<{ word: string; fix: string | null; query: string }>(
      ctx.db,
      sql`
        select f.word, f.fix, plainto_tsquery('english', f.fix)::text as query from (
          select w.word, (
            select l.word from ${memoryLexicon} l
            where l.word % w.word and l.project_id = ${projectId} and similarity(l.word, w.word) >= ${TYPO_SIMILARITY}
            order by similarity(l.word, w.word) desc, l.word
            limit 1) as fix
          from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w(word)) f
        where f.fix is not null`,
    );
  });
  return new Map(rows.filter((r) => r.query !== '').map((r) => [r.word, { word: r.fix, query: r.query }]));
}
