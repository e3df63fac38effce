import type { FormEvent } from 'react';
import { Field } from '../../ui/field.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import { RAW_SEARCH_ADDRESS, type RawSearch } from './raw-params.ts';

/** The search box, the number of results and the snippet length; sent into the address on Search. */
export function RawSearchForm({ search, onSearch }: { search: RawSearch; onSearch: (s: RawSearch) => void }) {
  // The fields follow the address (back, a shared link) and are sent on Search.
  const [draft, setDraft] = useDraft({
    q: search.q,
    limit: String(search.limit),
    max: String(search.max_chars),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      q: draft.q,
      limit: RAW_SEARCH_ADDRESS.limit.read(draft.limit),
      max_chars: RAW_SEARCH_ADDRESS.max_chars.read(draft.max),
    });
  };
  return (
    <form className="card form-row" role="search" aria-label="Raw transcripts" onSubmit={submit}>
      <Field
        id="raw-q"
        label="Search transcripts"
        className="grow"
        hint={
          <>
            Every word must match; &quot;quoted phrases&quot; match as written; a word after - must not
            appear.
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            type="search"
            required
            maxLength={500}
            value={draft.q}
            placeholder={'words, "a quoted phrase", -excluded'}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        )}
      </Field>
      <Field id="raw-limit" label="Results (1-20)" className="narrow">
        {(control) => (
          <input
            {...control}
            className="narrow"
            type="number"
            min={1}
            max={20}
            value={draft.limit}
            onChange={(e) => setDraft({ ...draft, limit: e.target.value })}
          />
        )}
      </Field>
      <Field id="raw-max" label="Snippet length (50-1500)" className="narrow">
        {(control) => (
          <input
            {...control}
            className="narrow"
            type="number"
            min={50}
            max={1500}
            step={50}
            value={draft.max}
            onChange={(e) => setDraft({ ...draft, max: e.target.value })}
          />
        )}
      </Field>
      <button type="submit">Search</button>
    </form>
  );
}
