import { sql, type SQL } from 'drizzle-orm';
import { NEWEST_MATCHES } from '../../platform/db/tsvector.ts';
import { recentWindow } from './recency-buckets.ts';
import { memories } from './table.ts';

/** Ranking looks at the newest matches only (docs/adr/0006-recall-ranking.md). */
export const CANDIDATE_LIMIT = NEWEST_MATCHES;

const newestFirst = sql`order by created_at desc, id desc`;

/**
 * `name` as the newest CANDIDATE_LIMIT memories passing `where` whose search document matches
 * `match` (a tsquery in text form), in three CTEs (ADR 0007):
 * - `_recent` asks the GIN index for matches in the recent month buckets only, which visits few
 *   rows even for common words (walking the recency index instead costs a row per memory passed);
 * - `_older`, only when those fall short, collects every older match through the GIN index: at
 *   that point the word is rare, so the set is small, and sorting it beats walking the recency
 *   index past thousands of non-matching rows (the planner, unaware of the cost of `@@`, prefers
 *   the walk when given the choice);
 * - the result adds any match written by a clock running more than a month ahead (an empty range
 *   of the recency index, normally).
 * Together they are exactly the newest matches, only cheaper to find. `gate` is checked once
 * before any of it runs.
 */
function newestMatches(name: string, where: SQL, match: string, now: Date, gate: SQL): SQL {
  const recent = sql.raw(`${name}_recent`);
  const older = sql.raw(`${name}_older`);
  const window = recentWindow(now);
  const matching = sql`${gate} and ${where} and search @@ ${match}::tsquery`;
  return sql`
    ${recent} as materialized (
      select id, created_at from ${memories}
      where ${gate} and ${where} and search @@ ${`(${match}) & (${window.tsquery})`}::tsquery
      ${newestFirst} limit ${CANDIDATE_LIMIT}),
    ${older} as materialized (
      select id, created_at from ${memories}
      where (select count(*) from ${recent}) < ${CANDIDATE_LIMIT}
        and ${matching} and created_at < ${window.since}),
    ${sql.raw(name)} as materialized (
      select id, created_at from ${recent}
      union all
      (select id, created_at from ${memories} where ${matching} and created_at >= ${window.until}
        ${newestFirst} limit ${CANDIDATE_LIMIT})
      union all
      (select id, created_at from ${older} ${newestFirst} limit ${CANDIDATE_LIMIT})
      ${newestFirst} limit ${CANDIDATE_LIMIT})`;
}

/**
 * The ids to score: the newest memories matching every term, then (only when those are fewer than
 * CANDIDATE_LIMIT, since all-terms matches rank first anyway) the newest matching any term.
 */
export function candidatePool(where: SQL, all: string, any: string | null, now: Date): SQL {
  const allTerms = newestMatches('all_terms', where, all, now, sql`true`);
  if (!any) return sql`with ${allTerms} select id from all_terms`;
  const fewAllTerms = sql`(select count(*) from all_terms) < ${CANDIDATE_LIMIT}`;
  const anyTerm = newestMatches('any_term', where, any, now, fewAllTerms);
  return sql`with ${allTerms}, ${anyTerm}
    select id from all_terms union select id from any_term`;
}
