import { ApiError } from '../../api/client.ts';

/** The server's answer when it has no code host app (every code host route gives it). */
export const notConfigured = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'integration_not_configured';

/**
 * Why nothing can be connected: this server has no code host app, and how an operator gives it
 * one (the variables, and where the steps are written). The server's own words under it.
 */
export function NotConfigured({ error }: { error: ApiError }) {
  return (
    <section className="card notice codehost-panel" aria-labelledby="ch-none-title">
      <h2 id="ch-none-title">This server has no code host app</h2>
      <p>
        Workspaces cannot be connected to a code host until the server&apos;s operator creates a GitHub App
        and gives it to the server with <span className="mono">CODEHOST_APP_ID</span> and{' '}
        <span className="mono">CODEHOST_APP_PRIVATE_KEY</span> (and{' '}
        <span className="mono">CODEHOST_APP_WEBHOOK_SECRET</span> for its webhooks), then restarts it.
      </p>
      <p>
        The steps are in <span className="mono">docs/codehost.md</span> (&ldquo;The code host app: setting it
        up&rdquo;) in the ctxhub repository; the variables in{' '}
        <span className="mono">docs/configuration.md</span>.
      </p>
      <p className="muted small">
        The server answered: {error.message}
        {error.requestId && <> (request {error.requestId})</>}
      </p>
    </section>
  );
}
