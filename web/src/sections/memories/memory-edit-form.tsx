import { useState, type FormEvent } from 'react';
import type { Memory, MemoryStatus, MemoryType, MemoryWrite } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import type { MemoryRights } from './project-role.ts';
import { MEMORY_STATUSES, MEMORY_TYPES, statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';
import type { MemoryChange } from '../../api/queries/memories.ts';
import { useUpdateMemory } from './memory-writes.ts';

/** Change a memory's content and type (writer) or status (maintainer); only changed fields are sent. */
export function MemoryEditForm({
  memory,
  rights,
  onSaved,
  onCancel,
}: {
  memory: Memory;
  rights: MemoryRights;
  /** After a change is stored, with the server's answer (its version, the secrets it redacted). */
  onSaved: (answer: MemoryWrite) => void;
  onCancel: () => void;
}) {
  const [content, setContent] = useState(memory.content);
  const [type, setType] = useState<MemoryType>(memory.type);
  const [status, setStatus] = useState<MemoryStatus>(memory.status);
  const update = useUpdateMemory(memory);
  const change: MemoryChange = {
    ...(content !== memory.content ? { content } : {}),
    ...(type !== memory.type ? { type } : {}),
    ...(status !== memory.status ? { status } : {}),
  };
  const changed = Object.keys(change).length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(change, { onSuccess: (answer) => onSaved(answer) });
  };
  return (
    <form className="card form-row" onSubmit={submit} aria-labelledby="edit-memory-title">
      <h2 id="edit-memory-title">Edit memory</h2>
      <div className="field">
        <label htmlFor="edit-memory-type">Type</label>
        <select id="edit-memory-type" value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
          {MEMORY_TYPES.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      {rights.maintain && (
        <div className="field">
          <label htmlFor="edit-memory-status">Status</label>
          <select
            id="edit-memory-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as MemoryStatus)}
          >
            {MEMORY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field field-wide">
        <label htmlFor="edit-memory-content">Content</label>
        <textarea
          id="edit-memory-content"
          rows={5}
          required
          maxLength={8000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        {!rights.maintain && memory.status !== 'draft' && (
          <span className="muted small">
            Changing the content or type returns this {memory.status} memory to draft, for a maintainer to
            review.
          </span>
        )}
      </div>
      <button type="submit" disabled={!changed || update.isPending}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
      <ErrorMessage error={update.error} title="The memory was not changed" />
    </form>
  );
}
