import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

export function Loading({ what }: { what: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** An API refusal shown as the server worded it, with its request id for the logs. */
export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error" role="alert">
      {title && <strong>{title}: </strong>}
      {message}
      {api?.requestId && <span className="muted small"> (request {api.requestId})</span>}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
