import { useState } from 'react';
import type { Import, MemoryType, StagedSelection } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { typeLabel } from '../../ui/memory-vocabulary.ts';
import type { StagedChoice } from '../../api/queries/imports.ts';
import { useSelectStaged } from './import-writes.ts';
import { Field } from '../../ui/field.tsx';

/**
 * Select or deselect many staged memories in one request: all of them, or those of one type (the
 * server leaves committed ones as they are). What changed is said once the list is read again.
 */
export function StagedBulkActions({ item, types }: { item: Import; types: MemoryType[] }) {
  const select = useSelectStaged(item);
  const [chosen, setChosen] = useState<MemoryType | ''>('');
  const type = chosen !== '' && types.includes(chosen) ? chosen : types[0];
  const run = (selected: boolean, choice: StagedChoice) => select.mutate({ selected, ...choice });
  return (
    <div role="group" aria-label="Select many at once">
      <div className="actions bulk-actions">
        <button
          type="button"
          className="secondary"
          disabled={select.isPending}
          onClick={() => run(true, { all: true })}
        >
          Select all
        </button>
        <button
          type="button"
          className="secondary"
          disabled={select.isPending}
          onClick={() => run(false, { all: true })}
        >
          Select none
        </button>
      </div>
      {type && (
        <div className="form-row bulk-by-type">
          <Field id={`bulk-type-${item.id}`} label="By type">
            {(control) => (
              <select {...control} value={type} onChange={(e) => setChosen(e.target.value as MemoryType)}>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {typeLabel(t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            className="secondary"
            disabled={select.isPending}
            onClick={() => run(true, { types: [type] })}
          >
            Select this type
          </button>
          <button
            type="button"
            className="secondary"
            disabled={select.isPending}
            onClick={() => run(false, { types: [type] })}
          >
            Deselect this type
          </button>
        </div>
      )}
      {select.isSuccess && (
        <p className="ok small" role="status">
          {outcomeText(select.data, select.variables)}
        </p>
      )}
      <ErrorMessage error={select.error} title="The selection was refused" />
    </div>
  );
}

/** "Select none: deselected 4. Now selected: Decision 0 of 3, …", from the server's answer. */
function outcomeText(answer: StagedSelection, asked: StagedChoice & { selected: boolean }): string {
  const what =
    'all' in asked
      ? asked.selected
        ? 'Select all'
        : 'Select none'
      : 'types' in asked
        ? `${asked.selected ? 'Select' : 'Deselect'} ${asked.types.map(typeLabel).join(', ')}`
        : `${asked.selected ? 'Select' : 'Deselect'} ${asked.staged_ids.length}`;
  const kept =
    answer.already_committed > 0
      ? ` (${answer.already_committed} already committed, left as ${answer.already_committed === 1 ? 'it is' : 'they are'})`
      : '';
  const counts = answer.by_type
    .filter((c) => c.staged > c.committed)
    .map((c) => `${typeLabel(c.type)} ${c.selected} of ${c.staged - c.committed}`)
    .join(', ');
  const now = counts === '' ? '' : ` Now selected: ${counts}.`;
  return `${what}: ${answer.selected ? 'selected' : 'deselected'} ${answer.changed}${kept}.${now}`;
}
