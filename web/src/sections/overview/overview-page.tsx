import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userQueries } from '../../api/queries/users.ts';
import type { Session } from '../../api/types.ts';
import { SECTIONS } from '../../shell/sections.ts';
import { when } from '../../ui/format.ts';
import { Page } from '../../ui/page.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';

/** Who is signed in, their workspaces and roles, the server's version, and the way to each section. */
export function OverviewPage({ session }: { session: Session }) {
  const me = useQuery(userQueries.me());
  return (
    <Page title="Overview" lead={`ctxhub ${session.server_version}`}>
      <div className="grid two">
        <div className="card" aria-labelledby="you-title">
          <h2 id="you-title">You</h2>
          <dl className="facts">
            <dt>E-mail</dt>
            <dd>{session.user.email}</dd>
            <dt>Name</dt>
            <dd>{session.user.name ?? <span className="muted">(none)</span>}</dd>
            <dt>User id</dt>
            <dd className="mono">{session.user.id}</dd>
            <dt>Server role</dt>
            <dd>{session.user.is_admin ? 'server administrator' : 'user'}</dd>
            <dt>Session ends</dt>
            <dd>
              {when(session.expires_at)}, or after a while unused (now {when(session.idle_expires_at)})
            </dd>
          </dl>
        </div>
        <div className="card" aria-labelledby="workspaces-title">
          <h2 id="workspaces-title">Your workspaces</h2>
          {me.isPending ? (
            <Loading what="your workspaces" />
          ) : me.isError ? (
            <ErrorMessage error={me.error} />
          ) : me.data.workspaces.length === 0 ? (
            <Empty>
              You belong to no workspace yet.
              {session.user.is_admin
                ? ' As a server administrator you can create one.'
                : ' Ask an administrator to add you.'}
            </Empty>
          ) : (
            <Table columns={['Workspace', 'Your role']} stacked={false}>
              {me.data.workspaces.map((w) => (
                <tr key={w.workspace_key}>
                  <td className="mono">{w.workspace_key}</td>
                  <td>
                    <span className="badge">{w.role}</span>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      </div>
      <h2>Sections</h2>
      <ul className="section-links">
        {SECTIONS.filter((s) => s.path !== '/').map((s) => (
          <li key={s.path} className="card">
            <Link to={s.path}>{s.label}</Link>
            <p className="muted">{s.description}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
