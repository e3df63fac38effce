import { invalidField } from '../../platform/http/errors.ts';
import type { RankKey } from './score-recall.ts';

/**
 * A ranked page's cursor: the last item's rank key plus the time scores were computed at, so the
 * next page scores recency identically and the keyset stays consistent.
 */
export interface RecallCursor {
  asOfMs: number;
  after: RankKey;
}

export const encodeRecallCursor = (c: RecallCursor) =>
  Buffer.from(JSON.stringify({ a: c.asOfMs, k: c.after })).toString('base64url');

export function decodeRecallCursor(cursor: string | undefined): RecallCursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown; k?: unknown };
    const k = v.k as unknown[];
    if (
      typeof v.a === 'number' &&
      Number.isFinite(v.a) &&
      Array.isArray(k) &&
      k.length === 3 &&
      (k[0] === 0 || k[0] === 1) &&
      typeof k[1] === 'number' &&
      typeof k[2] === 'string' &&
      k[2].length < 100
    ) {
      return { asOfMs: v.a, after: [k[0], k[1], k[2]] };
    }
  } catch {
    // fall through
  }
  throw invalidField('query.cursor', 'is not a cursor this server issued');
}
