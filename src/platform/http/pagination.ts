import { z } from 'zod';
import { invalidField } from './errors.ts';

/** `limit` and `cursor` of every list (docs/api.md#lists-and-cursors: default 50, max 200). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size (1-200, default 50)'),
  cursor: z.string().max(200).optional().describe('Opaque cursor from a previous answer'),
};

/** What the server answers to a cursor it did not issue (malformed, tampered, of another list). */
const notIssued = () => invalidField('query.cursor', 'is not a cursor this server issued');

interface CursorCodec<Wire, Value> {
  encode(fields: Wire): string;
  decode(cursor: string | undefined): Value | undefined;
}

/**
 * A kind of cursor, given by the zod schema of its fields. Cursors are opaque to clients:
 * base64url of the JSON of those fields (the last item's sort key). `decode` parses them back
 * through the schema (which may turn them into richer values); anything else is refused as a
 * cursor this server did not issue.
 */
export function cursorCodec<S extends z.ZodType<unknown, object>>(
  fields: S,
): CursorCodec<z.input<S>, z.output<S>> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
    decode: (cursor) => {
      if (cursor === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw notIssued();
      }
      const parsed = fields.safeParse(json);
      if (!parsed.success) throw notIssued();
      return parsed.data;
    },
  };
}

/** The cursor of most lists: the last item's unique text key (usually its id). */
export const keyCursor = cursorCodec(z.object({ id: z.string().min(1).max(99) }));

/** A cursor over a numeric sort key (audit `seq`, memory versions), written as the key cursor is. */
const seqCursor = cursorCodec(
  z.object({
    id: z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  }),
);

/** The sequence number a page starts before: the cursor's, or past any (no cursor). */
export function seqBefore(cursor: string | undefined): number {
  return seqCursor.decode(cursor)?.id ?? Number.MAX_SAFE_INTEGER;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Rows were fetched with `limit + 1`: returns the page and the key cursor of the next one. */
export function page<T>(rows: T[], limit: number, keyOf: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: last === undefined ? null : keyCursor.encode({ id: keyOf(last) }) };
}

/** A page as answered: `{ items, next_cursor }`. */
export const presentPage = <T, R>(p: Page<T>, present: (item: T) => R) => ({
  items: p.items.map(present),
  next_cursor: p.nextCursor,
});

export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
