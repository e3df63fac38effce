import type { ActiveWorkStatus } from '../../api/types.ts';
import { ITEM_STATUSES, STATUS_MEANINGS } from './active-work-vocabulary.ts';

/** The statuses of the items listed: the open ones unless closed ones are asked for too. */
export function StatusFilter({
  statuses,
  onChange,
}: {
  statuses: ActiveWorkStatus[];
  onChange: (statuses: ActiveWorkStatus[]) => void;
}) {
  const toggle = (status: ActiveWorkStatus, on: boolean) =>
    onChange(on ? [...statuses, status] : statuses.filter((s) => s !== status));
  return (
    <div className="card form-row">
      <fieldset className="checks">
        <legend>Status (open items unless closed ones are added)</legend>
        {ITEM_STATUSES.map((s) => (
          <span key={s} className="field checkbox">
            <input
              id={`aw-status-${s}`}
              type="checkbox"
              checked={statuses.includes(s)}
              // The last status stays: no status at all would list nothing.
              disabled={statuses.length === 1 && statuses[0] === s}
              onChange={(e) => toggle(s, e.target.checked)}
            />
            <label htmlFor={`aw-status-${s}`} title={STATUS_MEANINGS[s]}>
              {s}
            </label>
          </span>
        ))}
      </fieldset>
    </div>
  );
}
