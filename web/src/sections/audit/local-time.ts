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
