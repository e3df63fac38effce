import { Link, useSearchParams } from 'react-router';
import type { MemoryWrite } from '../../api/types.ts';
import { counted } from '../../ui/format.ts';
import { statusLabel } from '../../ui/memory-vocabulary.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { useSaveMemory } from './memory-writes.ts';

/**
 * The older memories a new one seems to contradict (its answer's `possibly_supersedes`), each with
 * its status and what differs; "Supersede these" makes the new memory supersede them all in one PATCH (a writer
 * may supersede drafts only: the server says so for the rest), "Dismiss" leaves them as they are.
 */
export function PossibleSupersedes({ memory, onDismiss }: { memory: MemoryWrite; onDismiss: () => void }) {
  const [params] = useSearchParams();
  const save = useSaveMemory(memory.workspace_key, memory.project_key, memory);
  const older = memory.possibly_supersedes;
  if (save.isSuccess) {
    return (
      <p className="ok">
        {memory.id} now supersedes {counted(older.length, 'older memory', 'older memories')}: recall and the
        context bundle leave {older.length === 1 ? 'it' : 'them'} out.
      </p>
    );
  }
  return (
    <section className="possible-supersedes" aria-labelledby={`possible-${memory.id}`}>
      <h3 id={`possible-${memory.id}`}>
        It may replace {counted(older.length, 'older memory', 'older memories')}
      </h3>
      <ul className="plain">
        {older.map((m) => (
          <li key={m.id}>
            <Link to={`/memories/${encodeURIComponent(m.id)}?${params.toString()}`} className="mono">
              {m.id}
            </Link>{' '}
            <span className="memory-content">{m.content}</span>{' '}
            <span className="muted small">
              ({statusLabel(m.status)}; {m.why})
            </span>
          </li>
        ))}
      </ul>
      <p>
        <button
          type="button"
          onClick={() => save.mutate({ supersedes: older.map((m) => m.id) })}
          disabled={save.isPending}
        >
          Supersede these
        </button>{' '}
        <button type="button" className="secondary" onClick={onDismiss} disabled={save.isPending}>
          Dismiss
        </button>
      </p>
      <ErrorMessage error={save.error} title="Nothing was superseded" />
    </section>
  );
}
