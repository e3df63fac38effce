import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import { statusLabel } from '../../ui/memory-vocabulary.ts';

/** How much of a linked memory's text is shown beside its link. */
const SHOWN_CHARS = 90;

const clipped = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text);

/**
 * Another memory named by a memory (the one superseding it, those it supersedes): a link to its
 * page (keeping the address, so its way back lands on the same list), its current status and the
 * start of its text, read from the server; "deleted" when it is gone.
 */
export function LinkedMemory({ id, workspace }: { id: string; workspace: string }) {
  const [params] = useSearchParams();
  const memory = useQuery(memoryQueries.detail(id, workspace));
  const gone = memory.error instanceof ApiError && memory.error.status === 404;
  return (
    <span className="linked-memory">
      <Link to={`/memories/${encodeURIComponent(id)}?${params.toString()}`} className="mono">
        {id}
      </Link>
      {memory.data && (
        <>
          {' '}
          <span className={`badge memory-status-${memory.data.status}`}>
            {statusLabel(memory.data.status)}
          </span>{' '}
          <span className="muted small">{clipped(memory.data.content)}</span>
        </>
      )}
      {gone && <span className="muted small"> (deleted)</span>}
    </span>
  );
}
