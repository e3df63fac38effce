import { useState, type FormEvent } from 'react';
import { Field } from '../../ui/field.tsx';
import { PageSizeField } from './page-size-field.tsx';

/** Families of actions the server writes, offered as the prefix's suggestions. */
const PREFIXES = [
  'access.',
  'api_key.',
  'import.',
  'integration.',
  'memory.',
  'project.',
  'project_mapping.',
  'raw.',
  'session.',
  'tracker.',
  'user.',
  'wiki.',
  'workspace.',
  'workspace_settings.',
];

/** The audit log's filters: an action prefix and the page size, applied to the address together. */
export function AuditFilters({
  prefix,
  limit,
  onApply,
}: {
  prefix: string;
  limit: number;
  onApply: (patch: { prefix: string; limit: number }) => void;
}) {
  const [text, setText] = useState(prefix);
  const [size, setSize] = useState(String(limit));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ prefix: text.trim(), limit: Number(size) });
  };
  return (
    <form className="card form-row" onSubmit={submit} aria-label="Filter the audit log">
      <Field id="audit-prefix" label="Action starts with">
        {(control) => (
          <input
            {...control}
            value={text}
            maxLength={200}
            list="audit-prefixes"
            placeholder="access., memory., …"
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <datalist id="audit-prefixes">
        {PREFIXES.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <PageSizeField id="audit-limit" value={size} onChange={setSize} />
      <button type="submit">Apply</button>
      <button type="button" className="secondary" onClick={() => onApply({ prefix: '', limit: 50 })}>
        Clear
      </button>
    </form>
  );
}
