import { useState } from 'react';
import type { Memory, MemoryWrite } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { when } from '../../ui/format.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { confirmable, reviewFlagged } from './flag-words.ts';
import { LinkedMemory } from './linked-memory.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { MemoryFlags } from './memory-flags.tsx';
import { MemoryForm } from './memory-form.tsx';
import { useDeleteMemory, useSaveMemory } from './memory-writes.ts';
import { useMemoryRights } from './project-role.ts';
import { RedactionNote } from './redaction-note.tsx';
import { ReviewDateForm } from './review-date-form.tsx';
import { SupersedePicker } from './supersede-picker.tsx';

/**
 * One memory, all its fields, its flags and review state, the memories it supersedes or that
 * supersedes it, and what the caller's role allows: edit, confirm (which restarts the review
 * clock), reject, delete; a review date and superseding older memories for writers.
 */
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
  const restarts = reviewFlagged(memory);
  return (
    <div className="card memory-detail">
      <p className="memory-head">
        <MemoryBadges type={memory.type} status={memory.status} />
        <span className="muted small"> version {memory.version}</span>
      </p>
      <p className="memory-content">{memory.content}</p>
      <MemoryFlags memory={memory} />
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
        <dt>Review</dt>
        <dd>
          {memory.review_due_at ? (
            <>
              Review due {when(memory.review_due_at)}
              <span className="muted small">
                {memory.review_after ? ' (a date set by a person)' : ' (the workspace’s days for its type)'}
              </span>
            </>
          ) : (
            'No review date: it does not become stale'
          )}
          {' · '}Reviewed {when(memory.reviewed_at)}
          <span className="muted small"> (written, used in a context bundle or confirmed)</span>
        </dd>
        {memory.superseded_by && (
          <>
            <dt>Superseded by</dt>
            <dd>
              <LinkedMemory id={memory.superseded_by} workspace={memory.workspace_key} />
            </dd>
          </>
        )}
        {memory.supersedes.length > 0 && (
          <>
            <dt>Supersedes</dt>
            <dd>
              <ul className="plain" aria-label="Memories this one supersedes">
                {memory.supersedes.map((id) => (
                  <li key={id}>
                    <LinkedMemory id={id} workspace={memory.workspace_key} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
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
          <>
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
              {rights.maintain && confirmable(memory) && (
                <button
                  type="button"
                  onClick={() => setStatus('confirmed')}
                  disabled={update.isPending}
                  aria-describedby={restarts ? 'confirm-restarts' : undefined}
                >
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
            {rights.maintain && restarts && (
              <p id="confirm-restarts" className="muted small">
                Confirm restarts its review clock and clears its flags.
              </p>
            )}
            {/* Only drafts and confirmed memories are recalled, so only they are reviewed. */}
            {(memory.status === 'draft' || memory.status === 'confirmed') && (
              <ReviewDateForm memory={memory} onSaved={setSaved} />
            )}
            {memory.status !== 'superseded' && (
              <SupersedePicker memory={memory} maintainer={rights.maintain} onSaved={setSaved} />
            )}
          </>
        )
      )}
    </div>
  );
}
