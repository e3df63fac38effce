import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { importQueries, importWrites, type StagedChange } from '../../api/queries/imports.ts';
import type { Import, StagedMemory } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { changeOf } from '../../ui/memory-draft.ts';
import { MemoryFields, type MemoryDraft } from '../../ui/memory-fields.tsx';
import { typeLabel } from '../../ui/memory-vocabulary.ts';
import { memoryPath } from './import-badges.tsx';
import { PRODUCER_BADGES } from './model-words.ts';

/** One staged memory: select it for commit, or correct its type and text before; once committed, its memory. */
export function StagedItem({ item, staged }: { item: Import; staged: StagedMemory }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  // The (de)selection asked for, set in the click itself: the mutation's pending state reaches the
  // component a moment later, and a controlled box would meanwhile snap back to the old value.
  const [asked, setAsked] = useState<boolean | undefined>(undefined);
  const change = useMutation({
    mutationFn: (c: StagedChange) => importWrites.changeStaged(item.id, staged.id, c),
    onSuccess: () => client.invalidateQueries({ queryKey: importQueries.staged(item.id).queryKey }),
    onSettled: () => setAsked(undefined),
  });
  const committed = staged.memory_id !== null;
  // While a (de)selection is stored (and the list read again), show the asked value; a refusal reverts.
  const wanted = asked ?? (change.isPending ? change.variables.selected : undefined);
  const short = staged.content.length > 60 ? `${staged.content.slice(0, 60)}…` : staged.content;
  const box = `staged-${staged.id}`;
  const producer = PRODUCER_BADGES[staged.producer];
  return (
    <li className="row staged">
      <div className="field checkbox">
        <input
          id={box}
          type="checkbox"
          checked={wanted ?? staged.selected}
          disabled={committed || change.isPending}
          onChange={(e) => {
            setAsked(e.target.checked);
            change.mutate({ selected: e.target.checked });
          }}
        />
        <label htmlFor={box}>
          <span className="visually-hidden">Select for commit: {short}</span>
        </label>
      </div>
      <div className="row-main">
        <span className="badge">{typeLabel(staged.type)}</span>{' '}
        {producer && (
          <>
            <span className="badge" title={producer.title}>
              {producer.text}
            </span>{' '}
          </>
        )}
        {committed && (
          <Link to={memoryPath(item, staged.memory_id ?? '')}>committed as {staged.memory_id}</Link>
        )}
        <p className="memory-content">{staged.content}</p>
        {staged.redactions > 0 && (
          <p className="muted small">{staged.redactions} secret(s) replaced by a [redacted:…] marker.</p>
        )}
      </div>
      {!committed && !editing && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
        </div>
      )}
      {editing && (
        <StagedEditForm
          staged={staged}
          saving={change.isPending}
          error={change.error}
          onSave={(c) => change.mutate(c, { onSuccess: () => setEditing(false) })}
          onCancel={() => {
            change.reset();
            setEditing(false);
          }}
        />
      )}
      <ErrorMessage error={change.error} title="The staged memory was not changed" />
    </li>
  );
}

/** Correct a staged memory's type or text before it is committed; only what changed is sent. */
function StagedEditForm({
  staged,
  saving,
  error,
  onSave,
  onCancel,
}: {
  staged: StagedMemory;
  saving: boolean;
  error: unknown;
  onSave: (change: StagedChange) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<MemoryDraft>({ type: staged.type, content: staged.content });
  const change = changeOf(draft, { type: staged.type, content: staged.content }, false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(change);
  };
  return (
    <form className="form-row row-detail" onSubmit={submit} aria-label={`Edit staged memory ${staged.id}`}>
      <MemoryFields
        idPrefix={`staged-${staged.id}`}
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        contentLabel="Text"
        error={error}
      />
      <button type="submit" disabled={saving || Object.keys(change).length === 0}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
