import { Link, useSearchParams } from 'react-router';
import type { RecalledMemory } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { flagLabel } from '../../ui/memory-vocabulary.ts';
import { MemoryBadges } from './memory-badges.tsx';
import { ScoreParts } from './score-parts.tsx';

/** One memory of the list: its text, type, status and flags, when, a link to it, its score parts. */
export function MemoryItem({ memory }: { memory: RecalledMemory }) {
  const [params] = useSearchParams();
  // The detail page keeps the list's address, so its way back lands on the same results.
  const detail = `/memories/${encodeURIComponent(memory.id)}?${params.toString()}`;
  return (
    <li className="row memory">
      <div className="row-main">
        <div className="memory-head">
          <MemoryBadges type={memory.type} status={memory.status} />
          {memory.flags.map((f) => (
            <span key={f} className={`badge flag-${f}`}>
              {flagLabel(f)}
            </span>
          ))}
          <Link to={detail} className="mono small">
            <span className="visually-hidden">Open memory </span>
            {memory.id}
          </Link>
        </div>
        <p className="memory-content">{memory.content}</p>
        <div className="muted small">
          {when(memory.created_at)} · {memory.source} · version {memory.version}
          {typeof memory.metadata.subpath === 'string' && <> · {memory.metadata.subpath}</>}
          {memory.superseded_by && <> · superseded by {memory.superseded_by}</>}
        </div>
        {memory.explain && <ScoreParts parts={memory.explain} />}
      </div>
    </li>
  );
}
