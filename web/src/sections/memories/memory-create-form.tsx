import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { memoryQueries, memoryWrites } from '../../api/queries/memories.ts';
import type { MemoryStatus, MemoryType, MemoryWrite } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { MEMORY_STATUSES, MEMORY_TYPES, statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';
import { RedactionNote } from './redaction-note.tsx';

const MAX_CHARS = 8000;

/** Remember something: a writer makes drafts, a maintainer may give any status. */
export function MemoryCreateForm({
  workspace,
  project,
  maintainer,
}: {
  workspace: string;
  project: string;
  maintainer: boolean;
}) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [type, setType] = useState<MemoryType>('decision');
  const [content, setContent] = useState('');
  const [status, setStatus] = useState<MemoryStatus>('draft');
  const [saved, setSaved] = useState<MemoryWrite | null>(null);
  const create = useMutation({
    mutationFn: () =>
      memoryWrites.create(workspace, project, { type, content, ...(maintainer ? { status } : {}) }),
    onSuccess: (memory) => {
      setSaved(memory);
      setContent('');
      void client.invalidateQueries({ queryKey: memoryQueries.all(workspace, project) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    create.mutate();
  };
  return (
    <>
      <form className="card form-row" onSubmit={submit} aria-labelledby="new-memory-title">
        <h2 id="new-memory-title">Remember something</h2>
        <div className="field">
          <label htmlFor="new-memory-type">Type</label>
          <select id="new-memory-type" value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
            {MEMORY_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </div>
        {maintainer && (
          <div className="field">
            <label htmlFor="new-memory-status">Status</label>
            <select
              id="new-memory-status"
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
          <label htmlFor="new-memory-content">Content</label>
          <textarea
            id="new-memory-content"
            rows={3}
            required
            maxLength={MAX_CHARS}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-describedby="new-memory-hint"
          />
          <span id="new-memory-hint" className="muted small">
            One statement worth keeping. Secrets (tokens, keys, passwords) are replaced by markers before
            anything is stored.{!maintainer && ' It is saved as a draft for a maintainer to confirm.'}
          </span>
        </div>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Remember'}
        </button>
        <ErrorMessage error={create.error} title="The memory was not saved" />
      </form>
      {saved && (
        <div className="card reveal" role="status" aria-label="Saved memory">
          <p>
            {saved.deduplicated ? (
              <strong>An identical memory already exists: nothing new was stored.</strong>
            ) : (
              <strong>Saved.</strong>
            )}{' '}
            <MemoryBadges type={saved.type} status={saved.status} />{' '}
            <Link to={`/memories/${encodeURIComponent(saved.id)}?${params.toString()}`} className="mono">
              {saved.id}
            </Link>
          </p>
          <RedactionNote count={saved.redactions} />
          <p>
            <button type="button" className="secondary" onClick={() => setSaved(null)}>
              Done
            </button>
          </p>
        </div>
      )}
    </>
  );
}
