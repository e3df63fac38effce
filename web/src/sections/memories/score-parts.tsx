import type { MemoryList, RecalledMemory } from '../../api/types.ts';

type Parts = NonNullable<RecalledMemory['explain']>;
type QueryInfo = NonNullable<MemoryList['query']>;

const num = (n: number) => (Math.round(n * 1000) / 1000).toString();
const pct = (n: number) => `${Math.round(n * 100)}%`;

/** How the server understood the words: the terms it searched for and the typos it corrected. */
export function QueryUnderstanding({ query }: { query: QueryInfo }) {
  const corrections = Object.entries(query.corrections);
  return (
    <div className="card query-info" role="region" aria-label="How the search was understood">
      <p>
        <strong>Searched for:</strong>{' '}
        {query.terms.length === 0 ? (
          <span className="muted">no searchable words</span>
        ) : (
          query.terms.map((t) => (
            <code key={t} className="term">
              {t}
            </code>
          ))
        )}{' '}
        <span className="muted small">
          ({query.candidates === 1 ? '1 match' : `${query.candidates} matches`} considered)
        </span>
      </p>
      {corrections.length > 0 && (
        <p>
          <strong>Corrected:</strong>{' '}
          {corrections.map(([asked, known], i) => (
            <span key={asked}>
              {i > 0 && ', '}
              <del>{asked}</del> → <ins>{known}</ins>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** One result's score, folded: the total in the summary, every factor when opened. */
export function ScoreParts({ parts }: { parts: Parts }) {
  return (
    <details className="score">
      <summary>
        Score {num(parts.score)}
        {parts.all_terms_matched ? ' · every word matched' : ' · some words matched'}
      </summary>
      <dl className="facts">
        <dt>Words matched</dt>
        <dd>
          {parts.matched_terms.length > 0 ? parts.matched_terms.join(', ') : 'none'} (coverage{' '}
          {pct(parts.coverage)})
        </dd>
        <dt>Text rank</dt>
        <dd>{num(parts.text_rank)}</dd>
        <dt>Identifier as written</dt>
        <dd>{parts.identifier_match ? 'matched (+0.1)' : 'no'}</dd>
        <dt>Type weight</dt>
        <dd>× {num(parts.type_weight)}</dd>
        <dt>Recency</dt>
        <dd>× {num(parts.recency)}</dd>
        <dt>Sub-project boost</dt>
        <dd>× {num(parts.subpath_boost)}</dd>
        <dt>Status weight</dt>
        <dd>× {num(parts.status_weight)}</dd>
      </dl>
      <p className="muted small">
        Score = (0.55 × coverage + 0.35 × text rank + identifier) × type × recency × sub-project × status.
        Results matching every word come first.
      </p>
    </details>
  );
}
