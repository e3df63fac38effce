import { z } from 'zod';
import { cursorCodec } from '../../platform/http/pagination.ts';
import type { RankKey } from './score-recall.ts';

/**
 * A ranked page's cursor: the last item's rank key plus the time scores were computed at, so the
 * next page scores recency identically and the keyset stays consistent.
 */
export interface RecallCursor {
  asOfMs: number;
  after: RankKey;
}

/** Written as `{ a: <as of, ms>, k: <rank key> }`. */
const recallCursor = cursorCodec(
  z.object({
    a: z.number(),
    k: z.tuple([z.union([z.literal(0), z.literal(1)]), z.number(), z.string().max(99)]),
  }),
);

export const encodeRecallCursor = ({ asOfMs, after: [tier, score, id] }: RecallCursor): string =>
  recallCursor.encode({ a: asOfMs, k: [tier === 1 ? 1 : 0, score, id] });

export function decodeRecallCursor(cursor: string | undefined): RecallCursor | undefined {
  const fields = recallCursor.decode(cursor);
  return fields && { asOfMs: fields.a, after: fields.k };
}
