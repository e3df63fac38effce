/**
 * Heads the events of one correlation id: one batch, such as a removal and the project memberships
 * it ended, or one sync run. The server finds them (`correlation_id`), whatever other filter was set.
 */
export function CorrelationNote({
  id,
  found,
  more,
  onLeave,
}: {
  id: string;
  found: number;
  more: boolean;
  onLeave: () => void;
}) {
  return (
    <div className="card notice" role="region" aria-labelledby="correlation-title">
      <h2 id="correlation-title">
        Events of correlation <span className="mono">{id}</span>
      </h2>
      <p>
        {more
          ? `The first ${found} events of this batch; "Load more" shows the rest.`
          : `All ${found} events of this batch.`}{' '}
        The other filters are off while a batch is shown.
      </p>
      <button type="button" className="secondary" onClick={onLeave}>
        Back to the whole timeline
      </button>
    </div>
  );
}
