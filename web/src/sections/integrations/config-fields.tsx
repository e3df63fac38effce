import { useState, type ReactNode } from 'react';
import type { Integration } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { FieldSource } from './field-source.tsx';

/** What each field component needs: the answer (sources, applied values), the draft's values, a setter. */
export interface FieldProps {
  integration: Integration;
  values: Record<string, unknown>;
  /** `undefined` removes the workspace's value (the environment's or the default applies). */
  set: (field: string, value: unknown) => void;
  /** The last save's error: what the server says about a field shows under it. */
  error?: unknown;
}

/** A field of a provider's configuration: its label, its source as the hint, the server's refusal of it. */
function ConfigField({
  integration,
  error,
  field,
  label,
  wide = false,
  hint,
  problem,
  children,
}: Pick<FieldProps, 'integration' | 'error'> & {
  field: string;
  label: string;
  wide?: boolean;
  hint?: ReactNode;
  problem?: string | undefined;
  children: Parameters<typeof Field>[0]['children'];
}) {
  return (
    <Field
      id={`int-${integration.provider}-${field}`}
      label={label}
      className={wide ? 'field-wide' : undefined}
      hint={
        <>
          {hint}
          <FieldSource integration={integration} field={field} />
        </>
      }
      error={error}
      name={`config.${field}`}
      problem={problem}
    >
      {children}
    </Field>
  );
}

/** A text field; empty means "not saved by the workspace". */
export function TextField({
  values,
  set,
  field,
  type = 'text',
  ...props
}: FieldProps & { field: string; label: string; type?: 'text' | 'url' | 'email' }) {
  const value = values[field];
  return (
    <ConfigField field={field} {...props}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(field, e.target.value === '' ? undefined : e.target.value)}
        />
      )}
    </ConfigField>
  );
}

/** A choice among fixed values, or "not set" (the environment's or the default applies). */
export function ChoiceField({
  values,
  set,
  field,
  options,
  ...props
}: FieldProps & { field: string; label: string; options: Array<[value: string, label: string]> }) {
  const value = values[field];
  return (
    <ConfigField field={field} {...props}>
      {(control) => (
        <select
          {...control}
          value={value === undefined ? '' : String(value)}
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
      )}
    </ConfigField>
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
  values,
  set,
  field,
  example,
  ...props
}: FieldProps & { field: string; label: string; example: string }) {
  const value = values[field];
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [invalid, setInvalid] = useState(false);
  const hint = (
    <>
      A JSON list, e.g. <span className="mono">{example}</span>.{' '}
    </>
  );
  return (
    <ConfigField
      field={field}
      wide
      hint={hint}
      problem={invalid ? 'Not valid JSON yet.' : undefined}
      {...props}
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
          value={text}
          placeholder={example}
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
      )}
    </ConfigField>
  );
}
