import type { FormEvent } from 'react';
import { useDraft } from '../../ui/use-draft.ts';
import type { BundleParams } from './bundle-params.ts';

/** The preview's query, sub-path and budget; sent into the address on Preview. */
export function BundleForm({
  current,
  onChange,
}: {
  current: BundleParams;
  onChange: (p: BundleParams) => void;
}) {
  const [draft, setDraft] = useDraft(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <form className="card form-row" aria-label="Bundle parameters" onSubmit={submit}>
      <div className="field grow">
        <label htmlFor="bundle-q">Working on (q, optional)</label>
        <input
          id="bundle-q"
          type="search"
          maxLength={500}
          value={draft.q}
          placeholder="what the assistant works on"
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="bundle-subpath">Sub-path (optional)</label>
        <input
          id="bundle-subpath"
          value={draft.subpath}
          placeholder="apps/site"
          onChange={(e) => setDraft({ ...draft, subpath: e.target.value })}
        />
      </div>
      <div className="field narrow">
        <label htmlFor="bundle-budget">Budget (tokens)</label>
        <input
          id="bundle-budget"
          className="narrow"
          type="number"
          min={300}
          max={32000}
          step={100}
          value={draft.budget}
          placeholder="2000"
          onChange={(e) => setDraft({ ...draft, budget: e.target.value })}
        />
      </div>
      <button type="submit">Preview</button>
    </form>
  );
}
