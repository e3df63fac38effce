import { useState } from 'react';
import type { Import, MemoryType } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { typeLabel } from '../../ui/memory-vocabulary.ts';
import type { StagedChoice } from '../../api/queries/imports.ts';
import { useSelectStaged } from './import-writes.ts';
import { outcomeText } from './staged-outcome.ts';
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
