import type { ReactNode } from 'react';
import { fieldProblem } from '../api/field-problems.ts';

/** What a field's control carries: its id (the label's target) and its accessible description and state. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled form field: the label, the control (`children`, given the props to spread on it), an
 * optional hint, and its problem under it: the server's words when the request that sent it was
 * refused as `validation_failed` about it (`name`, as the request names the field), or one found
 * before sending (`problem`). The control is then `aria-invalid` and described by them, as by the
 * hint.
 */
export function Field({
  id,
  label,
  hint,
  error,
  name,
  problem: found,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The error of the request that sent this field (a mutation's, a query's). */
  error?: unknown;
  /** The field's name in that request: `content`, `config.base_url`. */
  name?: string;
  /** A problem found before sending (text that is not JSON); it goes first. */
  problem?: string;
  /** More classes: `field-wide`, `grow`, `narrow`. */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const problem = found ?? (name === undefined ? undefined : fieldProblem(error, name));
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(problem ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <span id={hintId} className="muted small field-hint">
          {hint}
        </span>
      )}
      {problem && (
        <span id={problemId} className="field-problem small">
          {problem}
        </span>
      )}
    </div>
  );
}
