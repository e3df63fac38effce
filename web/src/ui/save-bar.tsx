import { Field } from './field.tsx';
import { ErrorMessage } from './status.tsx';

/** The reason a change is made, kept in its audit entry; `error`: the save's, which may be about it. */
export function ReasonField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (reason: string) => void;
  error?: unknown;
}) {
  return (
    <Field id={id} label="Reason (kept in the audit log)" className="grow" error={error} name="reason">
      {(control) => (
        <input {...control} value={value} maxLength={1000} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/**
 * Save and Undo for a form's draft, then "Saved." or the server's refusal: save only while the
 * draft differs from what is saved and no save is under way.
 */
export function SaveButtons({
  label,
  dirty,
  save,
  onUndo,
  errorTitle,
}: {
  label: string;
  dirty: boolean;
  save: { isPending: boolean; isSuccess: boolean; error: unknown };
  onUndo: () => void;
  errorTitle: string;
}) {
  return (
    <>
      <button type="submit" disabled={!dirty || save.isPending}>
        {save.isPending ? 'Saving…' : label}
      </button>
      <button type="button" className="secondary" disabled={!dirty} onClick={onUndo}>
        Undo changes
      </button>
      {save.isSuccess && !dirty && (
        <p className="ok field-wide" role="status">
          Saved.
        </p>
      )}
      <ErrorMessage error={save.error} title={errorTitle} />
    </>
  );
}
