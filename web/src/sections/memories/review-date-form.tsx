import type { FormEvent } from 'react';
import type { Memory, MemoryWrite } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import { dayOf, startOfDay } from './local-day.ts';
import { useSaveMemory } from './memory-writes.ts';

/**
 * A writer sets or clears a memory's review date (`review_after`): from that day on it is marked
 * stale until someone confirms it or moves the date. Without one, the workspace's days for its
 * type apply (if any).
 */
export function ReviewDateForm({
  memory,
  onSaved,
}: {
  memory: Memory;
  onSaved: (answer: MemoryWrite) => void;
}) {
  const saved = dayOf(memory.review_after);
  const [day, setDay] = useDraft(saved);
  const save = useSaveMemory(memory.workspace_key, memory.project_key, memory);
  const send = (reviewAfter: string | null) =>
    save.mutate({ review_after: reviewAfter }, { onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(startOfDay(day));
  };
  return (
    <form className="form-row review-date" onSubmit={submit}>
      <Field
        id="review-after"
        label="Review date"
        hint="From this day on the memory is marked stale until someone confirms it or moves the date. Without one, the workspace's days for its type apply."
        error={save.error}
        name="review_after"
      >
        {(control) => <input {...control} type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
      </Field>
      <button type="submit" disabled={save.isPending || day === '' || day === saved}>
        Set review date
      </button>
      {memory.review_after && (
        <button type="button" className="secondary" disabled={save.isPending} onClick={() => send(null)}>
          Clear review date
        </button>
      )}
      <ErrorMessage error={save.error} title="The review date was not changed" />
    </form>
  );
}
