import type { FormEvent } from 'react';
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
      <div className="field grow">
        <label htmlFor="raw-q">Search transcripts</label>
        <input
          id="raw-q"
          type="search"
          required
          maxLength={500}
          value={draft.q}
          placeholder={'words, "a quoted phrase", -excluded'}
          aria-describedby="raw-q-help"
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <span id="raw-q-help" className="muted small">
          Every word must match; &quot;quoted phrases&quot; match as written; a word after - must not appear.
        </span>
      </div>
      <div className="field narrow">
        <label htmlFor="raw-limit">Results (1-20)</label>
        <input
          id="raw-limit"
          className="narrow"
          type="number"
          min={1}
          max={20}
          value={draft.limit}
          onChange={(e) => setDraft({ ...draft, limit: e.target.value })}
        />
      </div>
      <div className="field narrow">
        <label htmlFor="raw-max">Snippet length (50-1500)</label>
        <input
          id="raw-max"
          className="narrow"
          type="number"
          min={50}
          max={1500}
          step={50}
          value={draft.max}
          onChange={(e) => setDraft({ ...draft, max: e.target.value })}
        />
      </div>
      <button type="submit">Search</button>
    </form>
  );
}
