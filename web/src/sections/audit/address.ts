import { useSearchParams } from 'react-router';

/** The page sizes offered (the API takes 1 to 200, default 50). */
export const PAGE_SIZES = ['10', '25', '50', '100', '200'] as const;

/**
 * A page's filters as the address holds them: `get` reads one (empty when absent), `set` writes
 * some at once (an empty value removes it), a new entry in the history, so back returns.
 */
export function useAddress() {
  const [params, setParams] = useSearchParams();
  const get = (name: string): string => params.get(name) ?? '';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(patch)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  return { get, set, text: params.toString() };
}

/** The page size of the address, when it is one offered; otherwise the API's default. */
export function pageSize(value: string): number {
  return (PAGE_SIZES as readonly string[]).includes(value) ? Number(value) : 50;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO time as a `datetime-local` input shows it: to the second, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/**
 * A `datetime-local` value (the browser's time zone, to the second: a browser leaves out zero
 * seconds) as the ISO time the API takes. An end of a range takes in its whole second. A value still showing
 * `previous` keeps it as it was, so a shared link's exact time survives a change of another filter.
 */
export function fromLocalInput(value: string, edge: 'start' | 'end', previous: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  if (previous && Math.floor(new Date(previous).getTime() / 1000) * 1000 === d.getTime()) return previous;
  if (edge === 'end') d.setMilliseconds(999);
  return d.toISOString();
}
