/**
 * Month buckets in the search document (ADR 0007). Each memory's tsvector carries one extra lexeme
 * naming the UTC month it was created in (`~m202611`; `~` never appears in a query term, so no query
 * can match it by accident). Recall then asks the GIN index for the matches of the last few months
 * first, so finding the newest matches of a term visits only recent rows instead of every match.
 */
const PREFIX = '~m';

/**
 * Months in the recent window: the current one and the two before it, plus the next one so that a
 * memory written by a server whose clock runs ahead is still found.
 */
const RECENT_MONTHS = 3;

export function monthLexeme(at: Date): string {
  return `${PREFIX}${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface RecentWindow {
  /** A tsquery (text form) matching any month of the window. */
  tsquery: string;
  /** The first instant of the window: older memories are exactly those created before it. */
  since: Date;
  /** The first instant after the window: only memories of a clock far ahead are this new. */
  until: Date;
}

export function recentWindow(now: Date): RecentWindow {
  /** The first instant of the month `i` months before next month. */
  const month = (i: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1 - i, 1));
  const months = Array.from({ length: RECENT_MONTHS + 1 }, (_, i) => month(i));
  return {
    tsquery: months.map((m) => `'${monthLexeme(m)}'`).join(' | '),
    since: month(RECENT_MONTHS),
    until: month(-1),
  };
}
