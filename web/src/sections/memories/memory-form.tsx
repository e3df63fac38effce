import { useState, type FormEvent } from 'react';
import type { Memory, MemoryWrite } from '../../api/types.ts';
import { changeOf, draftOf, NEW_MEMORY } from '../../ui/memory-draft.ts';
import { MemoryFields } from '../../ui/memory-fields.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { useSaveMemory } from './memory-writes.ts';

/**
 * The one form of a memory: to remember something in a project (without `memory`: a writer makes
 * drafts, a maintainer may give any status), or to change one (content and type for writers,
 * status for maintainers; only what changed is sent).
 */
export function MemoryForm({
  workspace,
  project,
  maintainer,
  memory,
  onSaving,
  onSaved,
  onCancel,
}: {
  workspace: string;
  project: string;
  maintainer: boolean;
  memory?: Memory;
  /** When a save starts (what an earlier one said is out of date). */
  onSaving?: () => void;
  /** After the server stored it, with its answer (the version, the secrets it redacted). */
  onSaved: (answer: MemoryWrite) => void;
  onCancel?: () => void;
}) {
  const saved = memory ? draftOf(memory) : undefined;
  const [draft, setDraft] = useState(saved ?? NEW_MEMORY);
  const save = useSaveMemory(workspace, project, memory);
  const change = changeOf(draft, saved, maintainer);
  const prefix = memory ? 'edit-memory' : 'new-memory';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSaving?.();
    save.mutate(change, {
      onSuccess: (answer) => {
        // A new memory's form stays for the next one, its type and status kept.
        if (!memory) setDraft((d) => ({ ...d, content: '' }));
        onSaved(answer);
      },
    });
  };
  const hint = memory
    ? !maintainer &&
      memory.status !== 'draft' &&
      `Changing the content or type returns this ${memory.status} memory to draft, for a maintainer to review.`
    : `One statement worth keeping. Secrets (tokens, keys, passwords) are replaced by markers before anything is stored.${maintainer ? '' : ' It is saved as a draft for a maintainer to confirm.'}`;
  return (
    <form className="card form-row" onSubmit={submit} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{memory ? 'Edit memory' : 'Remember something'}</h2>
      <MemoryFields
        idPrefix={prefix}
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        withStatus={maintainer}
        contentHint={hint || undefined}
        rows={memory ? 5 : 3}
        error={save.error}
      />
      <button type="submit" disabled={save.isPending || (memory && Object.keys(change).length === 0)}>
        {save.isPending ? 'Saving…' : memory ? 'Save changes' : 'Remember'}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
      <ErrorMessage
        error={save.error}
        title={memory ? 'The memory was not changed' : 'The memory was not saved'}
      />
    </form>
  );
}
