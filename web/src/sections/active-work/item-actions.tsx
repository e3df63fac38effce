import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { actOnItem, activeWorkQueries, type ActiveWorkAction } from '../../api/queries/active-work.ts';
import type { ActiveWorkItem, ActiveWorkStatus } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { ACTION_WORDS, actionsFor, refusalHint } from './active-work-vocabulary.ts';

/**
 * Confirm, close or reopen an item by hand (project maintainers), as its status allows, with an
 * optional reason kept on the event and in the audit log. Answered or refused (a 409: someone
 * changed it meanwhile), the project's items, timeline and this item are read again.
 */
export function ItemActions({
  workspace,
  project,
  item,
}: {
  workspace: string;
  project: string;
  item: ActiveWorkItem;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<{ action: ActiveWorkAction; status: ActiveWorkStatus } | null>(null);
  const act = useMutation({
    mutationFn: (action: ActiveWorkAction) => actOnItem(item.id, action, reason.trim()),
    onMutate: () => setDone(null),
    onSuccess: (answer, action) => {
      setDone({ action, status: answer.item.status });
      setReason('');
    },
    onSettled: () => client.invalidateQueries({ queryKey: activeWorkQueries.all(workspace, project) }),
  });
  const refusal = act.error instanceof ApiError ? act.error.status : undefined;
  const hint = act.error ? refusalHint(refusal) : undefined;
  return (
    <div className="card aw-actions" role="group" aria-label="Change the status by hand">
      <div className="form-row">
        <Field
          id="aw-reason"
          label="Reason (optional)"
          hint="Kept on the event and in the audit log."
          className="grow"
          error={act.error}
          name="reason"
        >
          {(control) => (
            <input {...control} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        {actionsFor(item.status).map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'close' ? 'secondary' : undefined}
            disabled={act.isPending}
            onClick={() => act.mutate(action)}
          >
            {ACTION_WORDS[action].button}
          </button>
        ))}
      </div>
      {done && (
        <p role="status" className="aw-done">
          {ACTION_WORDS[done.action].done}: the item is now <strong>{done.status}</strong>.
        </p>
      )}
      {act.error && act.variables && (
        <>
          <ErrorMessage error={act.error} title={ACTION_WORDS[act.variables].refused} />
          {hint && <p className="muted small">{hint}</p>}
        </>
      )}
    </div>
  );
}
