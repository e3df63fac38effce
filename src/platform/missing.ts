/**
 * The internal error for a value the code guarantees but did not get (the row an INSERT ...
 * RETURNING gave back, the last item of a list just checked non-empty, an entry of a closed
 * table): `const [row = missing('the inserted key')] = rows` or `value ?? missing('...')`. If the
 * guarantee is ever broken, the error names what was missing instead of a TypeError further on.
 */
export function missing(what: string): never {
  throw new Error(`internal error: ${what} is missing`);
}
