import { useState, type FormEvent } from 'react';
import type { DeliveryFilterValues } from '../../api/queries/deliveries.ts';
import { Field } from '../../ui/field.tsx';
import { DELIVERY_STATUSES, STATUS_MEANINGS } from './delivery-vocabulary.ts';

/** Status, channel and action prefix, applied to the address together (so reload and back keep them). */
export function DeliveryFilters({
  values,
  onApply,
}: {
  values: DeliveryFilterValues;
  onApply: (patch: DeliveryFilterValues) => void;
}) {
  const [status, setStatus] = useState(values.status);
  const [channel, setChannel] = useState(values.channel);
  const [action, setAction] = useState(values.action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ status, channel: channel.trim(), action: action.trim() });
  };
  return (
    <form className="card form-row" onSubmit={submit} aria-label="Filter the deliveries">
      <Field id="dlv-status" label="Status">
        {(control) => (
          <select {...control} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s} title={STATUS_MEANINGS[s]}>
                {s}
              </option>
            ))}
            {status && !(DELIVERY_STATUSES as string[]).includes(status) && (
              <option value={status}>{status}</option>
            )}
          </select>
        )}
      </Field>
      <Field id="dlv-channel" label="Channel">
        {(control) => (
          <input
            {...control}
            value={channel}
            maxLength={200}
            placeholder="#ops"
            onChange={(e) => setChannel(e.target.value)}
          />
        )}
      </Field>
      <Field id="dlv-action" label="Action starts with">
        {(control) => (
          <input
            {...control}
            value={action}
            maxLength={200}
            placeholder="ci., access., …"
            onChange={(e) => setAction(e.target.value)}
          />
        )}
      </Field>
      <button type="submit">Apply</button>
      <button
        type="button"
        className="secondary"
        onClick={() => onApply({ status: '', channel: '', action: '' })}
      >
        Clear
      </button>
    </form>
  );
}
