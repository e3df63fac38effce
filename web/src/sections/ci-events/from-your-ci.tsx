/**
 * How a CI job records its result itself: `ctxhub ci-event` with the client variables (this
 * server's address and the workspace filled in; the key a placeholder: no secret is shown here).
 */
export function FromYourCi({ workspace }: { workspace: string }) {
  const lines = [
    `SERVICE_URL=${window.location.origin}`,
    'SERVICE_API_KEY=<an API key of a workspace member, kept as a CI secret>',
    `SERVICE_WORKSPACE_KEY=${workspace}`,
    "SERVICE_PROJECT_KEY=<optional: a project key; the key's user must be its writer>",
    'ctxhub ci-event --status failure --message "tests failed"',
  ];
  return (
    <section className="card ci-from" aria-labelledby="ci-from-title">
      <h2 id="ci-from-title">From your CI</h2>
      <p>
        A CI job records its own result with <span className="mono">ctxhub ci-event</span>, run with{' '}
        <span className="mono">--status success</span> or <span className="mono">--status failure</span> and
        these variables. It fills in the repository, branch, commit, workflow, job and run URL from GitHub
        Actions or GitLab CI (or git).
      </p>
      <pre className="json" tabIndex={0} aria-label="Calling ctxhub ci-event from a CI job">
        <code>{lines.join('\n')}</code>
      </pre>
      <p className="muted small">
        A ready GitHub Actions job, reporting every run whether it passed or failed, is in{' '}
        <span className="mono">examples/github-actions-ci-event.yml</span> in the ctxhub repository.
      </p>
    </section>
  );
}
