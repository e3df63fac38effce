/** Says how many secrets a write replaced by `[redacted:<kind>]` markers (nothing when none). */
export function RedactionNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="redactions">
      {count === 1
        ? '1 secret was replaced by a [redacted:…] marker'
        : `${count} secrets were replaced by [redacted:…] markers`}{' '}
      before storing.
    </p>
  );
}
