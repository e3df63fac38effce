import type { FormEvent } from 'react';
import { Field } from '../../ui/field.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import type { BundleParams } from './bundle-params.ts';

/**
 * The preview's query, sub-path and budget; sent into the address on Preview. `error`: the
 * bundle's, whose words about a parameter (a budget out of range) show at its field.
 */
export function BundleForm({
  current,
  onChange,
  error,
}: {
  current: BundleParams;
  onChange: (p: BundleParams) => void;
  error: unknown;
}) {
  const [draft, setDraft] = useDraft(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <form className="card form-row" aria-label="Bundle parameters" onSubmit={submit}>
      <Field id="bundle-q" label="Working on (q, optional)" className="grow" error={error} name="q">
        {(control) => (
          <input
            {...control}
            type="search"
            maxLength={500}
            value={draft.q}
            placeholder="what the assistant works on"
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        )}
      </Field>
      <Field id="bundle-subpath" label="Sub-path (optional)" error={error} name="current_subpath">
        {(control) => (
          <input
            {...control}
            value={draft.subpath}
            placeholder="apps/site"
            onChange={(e) => setDraft({ ...draft, subpath: e.target.value })}
          />
        )}
      </Field>
      <Field id="bundle-budget" label="Budget (tokens)" className="narrow" error={error} name="budget">
        {(control) => (
          <input
            {...control}
            className="narrow"
            type="number"
            min={300}
            max={32000}
            step={100}
            value={draft.budget}
            placeholder="2000"
            onChange={(e) => setDraft({ ...draft, budget: e.target.value })}
          />
        )}
      </Field>
      <button type="submit">Preview</button>
    </form>
  );
}
