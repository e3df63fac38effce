/**
 * Days as the memory pages' date fields edit them (YYYY-MM-DD, in the person's own time zone:
 * "Created since", a review date), and the date-times the API takes for them: a day starts at
 * midnight where the person is.
 */

/** The day an ISO date-time falls on, in the local time zone; '' for none. */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The start of a day (YYYY-MM-DD) in the local time zone, as an ISO date-time; null for '' or a non-day. */
export function startOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
