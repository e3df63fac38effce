/**
 * What raw snippets are and what reading them costs: every search and every opened message is
 * recorded in the workspace's audit log, and only the role the workspace names may read them.
 */
export function RawAuditNote({ needed, role }: { needed?: string | undefined; role?: string | undefined }) {
  return (
    <div className="card notice" role="note" aria-label="Raw snippets are audited">
      <p>
        <strong>Every search and every opened message is recorded in the workspace&apos;s audit log</strong> (
        <code className="term">raw.search</code> with your words and the number of results,{' '}
        <code className="term">raw.view</code> with the message), under your name.
      </p>
      <p>
        {needed ? (
          <>
            Raw snippets need the project role <strong>{needed}</strong> or higher (this workspace&apos;s
            raw_access_min_role).
          </>
        ) : (
          <>
            Raw snippets need the project role <strong>writer</strong> or higher, or the higher role the
            workspace&apos;s raw_access_min_role names.
          </>
        )}
        {role && (
          <>
            {' '}
            Your role on this project: <span className="badge">{role}</span>.
          </>
        )}
      </p>
    </div>
  );
}
