/** A log entry's time as people read it, to the second, in their own time zone (the ISO time kept for machines). */
export function LogTime({ iso }: { iso: string }) {
  const d = new Date(iso);
  const text = Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return <time dateTime={iso}>{text}</time>;
}
