import { useState, type FormEvent } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import type { Memory, MemoryWrite, RecalledMemory } from '../../api/types.ts';
import { counted } from '../../ui/format.ts';
import { Field } from '../../ui/field.tsx';
import { PagedView } from '../../ui/paged-view.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { useSaveMemory } from './memory-writes.ts';

/** How many memories a search offers at once. */
const FOUND = 10;

/**
 * Writers pick, by searching their text, the older memories of the same project this one
 * replaces, then supersede them in one PATCH: they get status superseded and leave recall and
 * the bundle. A writer may supersede drafts only (the server refuses the rest anyway), so other
 * memories are offered to maintainers only.
 */
export function SupersedePicker({
  memory,
  maintainer,
  onSaved,
}: {
  memory: Memory;
  maintainer: boolean;
  onSaved: (answer: MemoryWrite) => void;
}) {
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const save = useSaveMemory(memory.workspace_key, memory.project_key, memory);
  const found = usePagedList(
    memoryQueries.list(memory.workspace_key, memory.project_key, {
      workspace_key: memory.workspace_key,
      project_key: memory.project_key,
      q: asked,
      status: 'draft,confirmed',
      limit: FOUND,
    }),
    asked !== '',
  );
  const candidates = found.items.filter((m) => m.id !== memory.id && !memory.supersedes.includes(m.id));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setAsked(q.trim());
  };
  const supersede = () =>
    save.mutate(
      { supersedes: picked },
      {
        onSuccess: (answer) => {
          setPicked([]);
          onSaved(answer);
        },
      },
    );
  return (
    <details className="card supersede">
      <summary>Supersede older memories</summary>
      <p className="muted small">
        Find the memories of this project that this one replaces. Superseded memories get the status
        Superseded and link here: recall and the context bundle leave them out, their history stays.
        {!maintainer && ' You may supersede drafts; confirmed memories only a maintainer may.'}
      </p>
      <form className="form-row" role="search" aria-label="Memories this one supersedes" onSubmit={search}>
        <Field id="supersede-q" label="Search memories to supersede" className="grow">
          {(control) => (
            <input
              {...control}
              type="search"
              value={q}
              maxLength={500}
              onChange={(e) => setQ(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="secondary" disabled={q.trim() === ''}>
          Find
        </button>
      </form>
      {asked !== '' && (
        <PagedView
          list={{ ...found, items: candidates }}
          what="memories"
          empty={`No other draft or confirmed memory matches “${asked}”.`}
        >
          {(items) => (
            <fieldset className="supersede-candidates">
              <legend>Found for “{asked}”</legend>
              {items.map((m) => (
                <Candidate
                  key={m.id}
                  memory={m}
                  allowed={maintainer || m.status === 'draft'}
                  checked={picked.includes(m.id)}
                  onChange={(on) => setPicked((p) => (on ? [...p, m.id] : p.filter((id) => id !== m.id)))}
                />
              ))}
            </fieldset>
          )}
        </PagedView>
      )}
      <div className="form-row">
        <button type="button" onClick={supersede} disabled={picked.length === 0 || save.isPending}>
          {save.isPending
            ? 'Superseding…'
            : `Supersede ${picked.length === 0 ? 'the memories picked' : counted(picked.length, 'memory', 'memories')}`}
        </button>
        <ErrorMessage error={save.error} title="Nothing was superseded" />
      </div>
    </details>
  );
}

/** One memory found: a box to pick it (a writer cannot pick one that is not a draft, and is told why). */
function Candidate({
  memory,
  allowed,
  checked,
  onChange,
}: {
  memory: RecalledMemory;
  allowed: boolean;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `supersede-${memory.id}`;
  return (
    <div className="field checkbox candidate">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={!allowed}
        aria-describedby={allowed ? undefined : `${id}-why`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        <MemoryBadges type={memory.type} status={memory.status} />{' '}
        <span className="mono small">{memory.id}</span> {memory.content}
      </label>
      {!allowed && (
        <span id={`${id}-why`} className="muted small">
          Only a maintainer may supersede a {memory.status} memory.
        </span>
      )}
    </div>
  );
}
