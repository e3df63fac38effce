import type { UseQueryResult } from '@tanstack/react-query';
import type { IntegrationType, RenderedMessage as Rendered } from '../../api/types.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { renderedFrom } from './locale-words.ts';

/**
 * A message the server rendered: its text as plain text, where its locale and template came from
 * in plain words, and why a saved override was skipped; or the server's refusal, verbatim.
 */
export function RenderedMessage({
  title,
  render,
  type,
  testId,
}: {
  title: string;
  render: UseQueryResult<Rendered>;
  type: IntegrationType;
  testId: string;
}) {
  return (
    <div className="rendered" data-testid={testId} aria-live="polite">
      <h3>{title}</h3>
      {render.isError ? (
        <ErrorMessage error={render.error} title="The server could not render it" />
      ) : render.data ? (
        <>
          <p className="rendered-text">{render.data.text}</p>
          <p className="muted small rendered-from">{renderedFrom(render.data, type)}</p>
          {render.data.override_error && (
            <p className="error small">
              The saved override failed to render, so the built-in template was used:{' '}
              {render.data.override_error}
            </p>
          )}
        </>
      ) : render.isFetching ? (
        <Loading what="the message" />
      ) : null}
    </div>
  );
}
