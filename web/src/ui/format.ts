/** A workspace or project as a choice names it: its name and key, or the key alone when they are the same. */
export const nameAndKey = (name: string, key: string): string => (name === key ? key : `${name} (${key})`);

/** A timestamp as people read it, in their own time zone; an em dash for none. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An ISO 8601 date-time inside a text (a flag's note, a version's reason). */
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** A text of the server's with each ISO date-time in it written as `when` writes it. */
export const datesIn = (text: string): string => text.replace(ISO_TIME, (iso) => when(iso));

/** A count as people read it, grouped in their own locale's way (1,234 or 1.234). */
export const count = (n: number): string => n.toLocaleString();

/** A count and its noun, in the singular for one: "1 chunk", "1,234 memories". */
export const counted = (n: number, one: string, many: string): string =>
  `${count(n)} ${n === 1 ? one : many}`;
