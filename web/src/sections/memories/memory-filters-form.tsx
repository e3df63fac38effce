import type { FormEvent } from 'react';
import type { MemoryStatus, MemoryType } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import type { MemoryFilters } from './memory-filters.ts';
import { MEMORY_STATUSES, MEMORY_TYPES, statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';

const toggle = <T,>(values: T[], value: T, on: boolean) =>
  on ? [...values, value] : values.filter((v) => v !== value);

/** The search box and the filters; each change goes into the address. */
export function MemoryFiltersForm({
  filters,
  onChange,
}: {
  filters: MemoryFilters;
  onChange: (next: Partial<MemoryFilters>) => void;
}) {
  // The box follows the address (back, a shared link) and is sent on Search.
  const [q, setQ] = useDraft(filters.q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q });
  };
  return (
    <div className="card memory-filters">
      <form className="form-row" role="search" aria-label="Memories" onSubmit={search}>
        <Field id="memory-q" label="Search" className="grow">
          {(control) => (
            <input
              {...control}
              type="search"
              value={q}
              maxLength={500}
              placeholder="words, ticket ids, file names…"
              onChange={(e) => setQ(e.target.value)}
            />
          )}
        </Field>
        <button type="submit">Search</button>
        {filters.q && (
          <button type="button" className="secondary" onClick={() => onChange({ q: '' })}>
            Clear search
          </button>
        )}
      </form>
      <div className="form-row">
        <fieldset className="checks">
          <legend>Type (none: every type)</legend>
          {MEMORY_TYPES.map((t) => (
            <Check
              key={t}
              id={`memory-type-${t}`}
              label={typeLabel(t)}
              checked={filters.type.includes(t)}
              onChange={(on) => onChange({ type: toggle<MemoryType>(filters.type, t, on) })}
            />
          ))}
        </fieldset>
        <fieldset className="checks">
          <legend>Status</legend>
          {MEMORY_STATUSES.map((s) => (
            <Check
              key={s}
              id={`memory-status-${s}`}
              label={statusLabel(s)}
              checked={filters.status.includes(s)}
              // The last status stays: no status at all would show nothing.
              disabled={filters.status.length === 1 && filters.status[0] === s}
              onChange={(on) => onChange({ status: toggle<MemoryStatus>(filters.status, s, on) })}
            />
          ))}
        </fieldset>
        <Field id="memory-since" label="Created since">
          {(control) => (
            <input
              {...control}
              type="date"
              value={filters.since}
              onChange={(e) => onChange({ since: e.target.value })}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

function Check({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <span className="field checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}
