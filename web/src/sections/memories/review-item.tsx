import { Link, useSearchParams } from 'react-router';
import type { MemoryWrite, RecalledMemory } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { confirmable, reviewFlagged } from './flag-words.ts';
import { MemoryBadges } from './memory-badges.tsx';
import { MemoryFlags } from './memory-flags.tsx';
import { useSaveMemory } from './memory-writes.ts';
import { ErrorMessage } from '../../ui/status.tsx';

/**
 * One memory to review: its text, each flag with why it was set, when it is or was due; a
 * maintainer confirms it here (which restarts its review clock and clears its flags),
 * anyone opens it.
 */
export function ReviewItem({
  memory,
  maintainer,
  confirmHint,
  onConfirmed,
}: {
  memory: RecalledMemory;
  maintainer: boolean;
  /** The id of the sentence saying what Confirm does to a stale memory. */
  confirmHint: string;
  onConfirmed: (answer: MemoryWrite) => void;
}) {
  const [params] = useSearchParams();
  const confirm = useSaveMemory(memory.workspace_key, memory.project_key, memory);
  const detail = `/memories/${encodeURIComponent(memory.id)}?${params.toString()}`;
  return (
    <li className="row memory">
      <div className="row-main">
        <div className="memory-head">
          <MemoryBadges type={memory.type} status={memory.status} />
          <span className="mono small"> {memory.id}</span>
        </div>
        <p className="memory-content">{memory.content}</p>
        <MemoryFlags memory={memory} />
        <div className="muted small">
          {memory.review_due_at ? `Review due ${when(memory.review_due_at)}` : 'No review date'} · Reviewed{' '}
          {when(memory.reviewed_at)} · version {memory.version}
        </div>
        <div className="actions memory-actions">
          {maintainer && confirmable(memory) && (
            <button
              type="button"
              disabled={confirm.isPending}
              aria-describedby={reviewFlagged(memory) ? confirmHint : undefined}
              onClick={() => confirm.mutate({ status: 'confirmed' }, { onSuccess: onConfirmed })}
            >
              Confirm<span className="visually-hidden"> memory {memory.id}</span>
            </button>
          )}
          <Link to={detail}>
            Open<span className="visually-hidden"> memory {memory.id}</span>
          </Link>
        </div>
        <ErrorMessage error={confirm.error} title="The memory was not confirmed" />
      </div>
    </li>
  );
}
