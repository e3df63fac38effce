import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { importQueries, importWrites, type StagedChange } from '../../api/queries/imports.ts';
import type { Import, MemoryType, StagedMemory } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { MEMORY_TYPES, typeLabel } from '../../ui/memory-vocabulary.ts';
import { memoryPath } from './import-badges.tsx';

/** One staged memory: select it for commit, or correct its type and text before; once committed, its memory. */
export function StagedItem({ item, staged }: { item: Import; staged: StagedMemory }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const change = useMutation({
    mutationFn: (c: StagedChange) => importWrites.changeStaged(item.id, staged.id, c),
    onSuccess: () => client.invalidateQueries({ queryKey: importQueries.staged(item.id).queryKey }),
  });
  const committed = staged.memory_id !== null;
  // While a (de)selection is stored (and the list read again), show the asked value; a refusal reverts.
  const wanted = change.isPending ? change.variables.selected : undefined;
  const short = staged.content.length > 60 ? `${staged.content.slice(0, 60)}…` : staged.content;
  const box = `staged-${staged.id}`;
  return (
    <li className="row staged">
      <div className="field checkbox">
        <input
          id={box}
          type="checkbox"
          checked={wanted ?? staged.selected}
          disabled={committed || change.isPending}
          onChange={(e) => change.mutate({ selected: e.target.checked })}
        />
        <label htmlFor={box}>
          <span className="visually-hidden">Select for commit: {short}</span>
        </label>
      </div>
      <div className="row-main">
        <span className="badge">{typeLabel(staged.type)}</span>{' '}
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

function StagedEditForm({
  staged,
  saving,
  onSave,
  onCancel,
}: {
  staged: StagedMemory;
  saving: boolean;
  onSave: (change: StagedChange) => void;
  onCancel: () => void;
}) {
  const [type, setType] = useState<MemoryType>(staged.type);
  const [content, setContent] = useState(staged.content);
  const change: StagedChange = {
    ...(type !== staged.type ? { type } : {}),
    ...(content !== staged.content ? { content } : {}),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(change);
  };
  return (
    <form className="form-row row-detail" onSubmit={submit} aria-label={`Edit staged memory ${staged.id}`}>
      <div className="field">
        <label htmlFor={`type-${staged.id}`}>Type</label>
        <select id={`type-${staged.id}`} value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
          {MEMORY_TYPES.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-wide">
        <label htmlFor={`text-${staged.id}`}>Text</label>
        <textarea
          id={`text-${staged.id}`}
          rows={3}
          required
          maxLength={8000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <button type="submit" disabled={saving || Object.keys(change).length === 0}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
