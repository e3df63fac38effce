import { useState } from 'react';
import type { Integration } from '../../api/types.ts';
import { FieldHint } from './field-source.tsx';

/** What each field component needs: the answer (sources, applied values), the draft's values, a setter. */
export interface FieldProps {
  integration: Integration;
  values: Record<string, unknown>;
  /** `undefined` removes the workspace's value (the environment's or the default applies). */
  set: (field: string, value: unknown) => void;
}

const idOf = (integration: Integration, field: string) => `int-${integration.provider}-${field}`;

/** A text field; empty means "not saved by the workspace". */
export function TextField({
  integration,
  values,
  set,
  field,
  label,
  type = 'text',
}: FieldProps & { field: string; label: string; type?: 'text' | 'url' | 'email' }) {
  const id = idOf(integration, field);
  const value = values[field];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={typeof value === 'string' ? value : ''}
        aria-describedby={`${id}-hint`}
        onChange={(e) => set(field, e.target.value === '' ? undefined : e.target.value)}
      />
      <FieldHint id={`${id}-hint`} integration={integration} field={field} />
    </div>
  );
}

/** A choice among fixed values, or "not set" (the environment's or the default applies). */
export function ChoiceField({
  integration,
  values,
  set,
  field,
  label,
  options,
}: FieldProps & { field: string; label: string; options: Array<[value: string, label: string]> }) {
  const id = idOf(integration, field);
  const value = values[field];
  const current = value === undefined ? '' : String(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const chosen = e.target.value;
          const boolean = chosen === 'true' ? true : chosen === 'false' ? false : chosen;
          set(field, chosen === '' ? undefined : boolean);
        }}
      >
        <option value="">Not set</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldHint id={`${id}-hint`} integration={integration} field={field} />
    </div>
  );
}

export const YES_NO: Array<[string, string]> = [
  ['true', 'Yes'],
  ['false', 'No'],
];

/**
 * A list of objects edited as JSON. Text that is not a JSON list is sent as it is, so the server's
 * refusal names the field.
 */
export function JsonListField({
  integration,
  values,
  set,
  field,
  label,
  example,
}: FieldProps & { field: string; label: string; example: string }) {
  const id = idOf(integration, field);
  const value = values[field];
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <div className="field field-wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        placeholder={example}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setInvalid(false);
            set(field, undefined);
            return;
          }
          try {
            set(field, JSON.parse(e.target.value));
            setInvalid(false);
          } catch {
            set(field, e.target.value);
            setInvalid(true);
          }
        }}
      />
      <span className="muted small">
        {invalid ? 'Not valid JSON yet. ' : ''}A JSON list, e.g. <span className="mono">{example}</span>
      </span>
      <FieldHint id={`${id}-hint`} integration={integration} field={field} />
    </div>
  );
}
