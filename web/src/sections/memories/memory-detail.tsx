import { useState } from 'react';
import type { Memory, MemoryWrite } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { when } from '../../ui/format.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { MemoryForm } from './memory-form.tsx';
import { useDeleteMemory, useSaveMemory } from './memory-writes.ts';
import { useMemoryRights } from './project-role.ts';
import { RedactionNote } from './redaction-note.tsx';

/** One memory, all its fields, and what the caller's role allows: edit, confirm, reject, delete. */
export function MemoryDetail({ memory, onDeleted }: { memory: Memory; onDeleted: () => void }) {
  const { rights, role, error } = useMemoryRights(memory.workspace_key, memory.project_key);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<MemoryWrite | null>(null);
  const update = useSaveMemory(memory.workspace_key, memory.project_key, memory);
  const remove = useDeleteMemory(memory, onDeleted);
  const setStatus = (status: 'confirmed' | 'rejected') => {
    setSaved(null);
    update.mutate({ status }, { onSuccess: (answer) => setSaved(answer) });
  };
  return (
    <div className="card memory-detail">
      <p className="memory-head">
        <MemoryBadges type={memory.type} status={memory.status} />
        <span className="muted small"> version {memory.version}</span>
      </p>
      <p className="memory-content">{memory.content}</p>
      <dl className="facts">
        <dt>Project</dt>
        <dd>
          <span className="mono">{memory.project_key}</span> in{' '}
          <span className="mono">{memory.workspace_key}</span>
          {role && <span className="badge">your role: {role}</span>}
        </dd>
        <dt>Source</dt>
        <dd>{memory.source}</dd>
        <dt>Created</dt>
        <dd>
          {when(memory.created_at)} by <span className="mono">{memory.created_by ?? 'the system'}</span>
        </dd>
        <dt>Changed</dt>
        <dd>{when(memory.updated_at)}</dd>
        <dt>Evidence</dt>
        <dd>{memory.evidence_ref ?? <span className="muted">(none)</span>}</dd>
        <dt>Metadata</dt>
        <dd>
          {Object.keys(memory.metadata).length === 0 ? (
            <span className="muted">(none)</span>
          ) : (
            <pre className="mono metadata">{JSON.stringify(memory.metadata, null, 2)}</pre>
          )}
        </dd>
      </dl>
      <ErrorMessage error={error} title="Your role on this project could not be read" />
      {saved && (
        <div role="status">
          <p>Saved as version {saved.version}.</p>
          <RedactionNote count={saved.redactions} />
        </div>
      )}
      <ErrorMessage error={update.error} title="The memory was not changed" />
      <ErrorMessage error={remove.error} title="The memory was not deleted" />
      {editing ? (
        <MemoryForm
          workspace={memory.workspace_key}
          project={memory.project_key}
          maintainer={rights.maintain}
          memory={memory}
          onSaved={(answer) => {
            setEditing(false);
            setSaved(answer);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        (rights.write || rights.maintain) && (
          <div className="actions memory-actions">
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              Edit
            </button>
            {rights.maintain && memory.status !== 'confirmed' && (
              <button type="button" onClick={() => setStatus('confirmed')} disabled={update.isPending}>
                Confirm
              </button>
            )}
            {rights.maintain && memory.status !== 'rejected' && (
              <button
                type="button"
                className="secondary"
                onClick={() => setStatus('rejected')}
                disabled={update.isPending}
              >
                Reject
              </button>
            )}
            {rights.maintain && (
              <ConfirmButton
                label="Delete"
                question="Delete this memory? Assistants stop recalling it; its history stays."
                confirmLabel="Delete memory"
                onConfirm={() => remove.mutate()}
                disabled={remove.isPending}
              />
            )}
          </div>
        )
      )}
    </div>
  );
}
