import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { searchSource } from '../../api/queries/integrations.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { Field } from '../../ui/field.tsx';

type Item = { id: string; title: string; detail: string; url: string };

const SHOWN = 5;

/** A search as each source answers it, in one shape for the list below. */
async function search(workspace: string, provider: 'tracker' | 'wiki', q: string): Promise<Item[]> {
  if (provider === 'tracker') {
    const answer = await searchSource.tracker(workspace, q, SHOWN);
    return answer.items.map((i) => ({
      id: i.key,
      title: `${i.key} ${i.summary}`,
      detail: [i.status, i.issue_type, i.assignee].filter(Boolean).join(' · '),
      url: i.url,
    }));
  }
  const answer = await searchSource.wiki(workspace, q, SHOWN);
  return answer.items.map((p) => ({
    id: p.id,
    title: p.title,
    detail: [p.space, p.excerpt].filter(Boolean).join(' · '),
    url: p.url,
  }));
}

/**
 * Runs a real search through the source's route (GET /v1/tracker/search or /v1/wiki/search, what
 * assistants use, audited): the first results, or the server's error with its code, verbatim.
 */
export function ProviderTest({ workspace, provider }: { workspace: string; provider: 'tracker' | 'wiki' }) {
  const [q, setQ] = useState('');
  const run = useMutation({ mutationFn: (text: string) => search(workspace, provider, text) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate(q.trim());
  };
  const code = run.error instanceof ApiError ? run.error.code : undefined;
  return (
    <form className="provider-test" onSubmit={submit} aria-label={`Test the ${provider}`}>
      <div className="form-row">
        <Field
          id={`test-${provider}-q`}
          label={`Test search of the ${provider}`}
          className="grow"
          error={run.error}
          name="q"
        >
          {(control) => (
            <input
              {...control}
              value={q}
              maxLength={500}
              placeholder={provider === 'tracker' ? 'invoice' : 'deploy'}
              onChange={(e) => setQ(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="secondary" disabled={q.trim() === '' || run.isPending}>
          {run.isPending ? 'Testing…' : `Test ${provider}`}
        </button>
      </div>
      <div aria-live="polite">
        {run.isError && (
          <ErrorMessage error={run.error} title={`The ${provider} answered ${code ?? 'an error'}`} />
        )}
        {run.isSuccess &&
          (run.data.length === 0 ? (
            <p className="ok">The {provider} answered: nothing matches.</p>
          ) : (
            <>
              <p className="ok">
                The {provider} answered (first {SHOWN} at most):
              </p>
              <ul className="test-results">
                {run.data.map((item) => (
                  <li key={item.id}>
                    <a href={item.url} target="_blank" rel="noreferrer noopener">
                      {item.title}
                    </a>
                    {item.detail && <span className="muted small"> {item.detail}</span>}
                  </li>
                ))}
              </ul>
            </>
          ))}
      </div>
    </form>
  );
}
