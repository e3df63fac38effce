/**
 * Heads the events of one correlation id (one batch: a removal and the project memberships it
 * ended, one sync run). The API has no correlation filter, so these are the matching events among
 * those loaded so far, and it says so.
 */
export function CorrelationNote({
  id,
  found,
  loaded,
  more,
  onLeave,
}: {
  id: string;
  found: number;
  loaded: number;
  more: boolean;
  onLeave: () => void;
}) {
  return (
    <div className="card notice" role="region" aria-labelledby="correlation-title">
      <h2 id="correlation-title">
        Events of correlation <span className="mono">{id}</span>
      </h2>
      <p>
        {found} of the {loaded} events loaded so far carry this correlation id. The API cannot filter by
        correlation id, so this page picks them from the workspace&apos;s timeline as it loads (other filters
        are off).{' '}
        {more
          ? 'Older events are not loaded yet: "Load more" looks further back.'
          : 'The whole timeline is loaded: these are all of them.'}
      </p>
      <button type="button" className="secondary" onClick={onLeave}>
        Back to the whole timeline
      </button>
    </div>
  );
}
