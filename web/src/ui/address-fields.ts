/**
 * The state a page keeps in its address (the query string), so a reload, back and a shared link
 * open the same view: a page declares its fields once (a shape: name → how its value is read and
 * written) and reads and writes them through `useAddress`.
 */

/** How one value of a page's address is read from its text, and written back. */
export interface AddressField<T> {
  read(raw: string | null): T;
  /** The text the address keeps; '' leaves the name out (it reads back as the default). */
  write(value: T): string;
}

export type AddressShape = Record<string, AddressField<unknown>>;
export type AddressValues<S extends AddressShape> = { [K in keyof S]: ReturnType<S[K]['read']> };

/** Every field of `shape`, as the address holds it (a default for one absent or not valid). */
export function readAddress<S extends AddressShape>(shape: S, params: URLSearchParams): AddressValues<S> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) values[name] = field.read(params.get(name));
  return values as AddressValues<S>;
}

/**
 * The address with `patch` written: each field named is set in its place, or left out when it
 * writes ''; names outside the patch stay as they are.
 */
export function writeAddress<S extends AddressShape>(
  shape: S,
  params: URLSearchParams,
  patch: Partial<AddressValues<S>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(patch)) {
    const field = shape[name];
    if (!field || value === undefined) continue;
    const text = field.write(value);
    if (text) next.set(name, text);
    else next.delete(name);
  }
  return next;
}

/** A whole number from `min` to `max`, else the fallback. */
function bounded(value: string | null, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** Free text; '' when absent. Written trimmed. */
export const text: AddressField<string> = { read: (raw) => raw ?? '', write: (value) => value.trim() };

/** A whole number within bounds, else `fallback` (which the address leaves out). */
export const wholeNumber = (min: number, max: number, fallback: number): AddressField<number> => ({
  read: (raw) => bounded(raw, min, max, fallback),
  write: (n) => (n === fallback ? '' : String(n)),
});

/** One of `values`, else `fallback`; always written, so a shared link names it. */
export function oneOf<T extends string>(values: readonly T[], fallback: T): AddressField<T> {
  const known = (raw: string | null): raw is T => raw !== null && (values as readonly string[]).includes(raw);
  return { read: (raw) => (known(raw) ? raw : fallback), write: (value) => value };
}

/** Some of `values`, comma-separated; `fallback` when none is (which the address leaves out). */
export function someOf<T extends string>(
  values: readonly T[],
  fallback: readonly T[] = [],
): AddressField<T[]> {
  const known = (v: string): v is T => (values as readonly string[]).includes(v);
  return {
    read: (raw) => {
      const chosen = (raw ?? '').split(',').filter(known);
      return chosen.length > 0 ? chosen : [...fallback];
    },
    write: (chosen) => (sameSet(chosen, fallback) ? '' : chosen.join(',')),
  };
}

/** A day (YYYY-MM-DD), else ''. */
export const day: AddressField<string> = {
  read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : ''),
  write: (value) => value,
};

/** The page sizes a list offers (the API takes 1 to 200). */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

/** A page size offered, else the API's default, 50 (which the address leaves out). */
export const pageSize: AddressField<number> = {
  read: (raw) => PAGE_SIZES.find((n) => String(n) === raw) ?? 50,
  write: (n) => (n === 50 ? '' : String(n)),
};
