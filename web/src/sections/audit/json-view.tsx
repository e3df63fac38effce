/** A JSON value, indented, in a scrollable block a keyboard can reach. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json" tabIndex={0} aria-label={label}>
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}
