import { z } from 'zod';
import { invalidField } from './errors.ts';

/** `limit` and `cursor` of every list (docs/api.md#lists-and-cursors: default 50, max 200). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size (1-200, default 50)'),
  cursor: z.string().max(200).optional().describe('Opaque cursor from a previous answer'),
};

/** Cursors are opaque to clients: base64url of the last item's sort key. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ id: lastId })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown };
    if (typeof parsed.id === 'string' && parsed.id.length > 0 && parsed.id.length < 100) return parsed.id;
  } catch {
    // fall through
  }
  throw invalidField('query.cursor', 'is not a cursor this server issued');
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor over a numeric sort key (audit `seq`). */
export function decodeSeqCursor(cursor: string | undefined): number | undefined {
  const key = decodeCursor(cursor);
  if (key === undefined) return undefined;
  if (!/^\d{1,15}$/.test(key)) throw invalidField('query.cursor', 'is not a cursor this server issued');
  return Number(key);
}

/** Rows were fetched with `limit + 1`: returns the page and the cursor of the next one. */
export function page<T>(rows: T[], limit: number, keyOf: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}

/** A page as answered: `{ items, next_cursor }`. */
export const presentPage = <T, R>(p: Page<T>, present: (item: T) => R) => ({
  items: p.items.map(present),
  next_cursor: p.nextCursor,
});

export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
