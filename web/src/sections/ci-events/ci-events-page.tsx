import { useState } from 'react';
import { Link } from 'react-router';
import type { CiEvent, Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { Empty } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { useWorkspaces, WORKSPACE_ADDRESS, WorkspaceChoice } from '../../ui/workspace-choice.tsx';
import { LogTime } from '../audit/log-time.tsx';
import { administers } from '../workspaces/workspace-access.ts';
import { CiEntries } from './ci-entries.tsx';
import { CiEventForm } from './ci-event-form.tsx';
import { FromYourCi } from './from-your-ci.tsx';

/** The entry just recorded, as the server answered it. */
function Recorded({ event, admin }: { event: CiEvent; admin: boolean }) {
  const q = new URLSearchParams({ workspace: event.workspace_key, action: event.action });
  return (
    <div className="card reveal" role="status" aria-label="Recorded">
      <p>
        Recorded <span className="mono">{event.action}</span>
        {event.project_key && (
          <>
            {' '}
            for <span className="mono">{event.project_key}</span>
          </>
        )}{' '}
        at <LogTime iso={event.created_at} />: audit entry <span className="mono">{event.id}</span>.
      </p>
      <p className="muted small">
        Chat forwards it by the workspace&apos;s rules (a failure at high severity at least)
        {admin && (
          <>
            ; its messages are in <Link to={`/deliveries?${q.toString()}`}>Deliveries</Link>
          </>
        )}
        .
      </p>
    </div>
  );
}

/**
 * A workspace's CI results (`?workspace=`): record one by hand (members; a project's writers for
 * a project), the latest ones from the audit log (admins), and how a CI job records its own.
 */
export function CiEventsPage({ session }: { session: Session }) {
  const address = useAddress(WORKSPACE_ADDRESS);
  const { workspace } = address.values;
  const spaces = useWorkspaces(workspace);
  const [recorded, setRecorded] = useState<CiEvent | null>(null);
  const admin = spaces.current ? administers(session, spaces.current) : session.user.is_admin;
  const shown = recorded?.workspace_key === workspace ? recorded : null;
  return (
    <Page
      title="CI events"
      lead="CI runs' results, recorded in the audit log (ci.success, ci.failure) and announced in chat by the workspace's rules."
    >
      <WorkspaceChoice
        id="ci-workspace"
        workspace={workspace}
        spaces={spaces}
        onChoose={(w) => address.set({ workspace: w })}
      />
      {!workspace ? (
        !spaces.isPending &&
        (spaces.items.length === 0 ? (
          <Empty>You are a member of no workspace yet.</Empty>
        ) : (
          <Empty>Choose a workspace to record and read its CI results.</Empty>
        ))
      ) : (
        <>
          <CiEventForm key={workspace} workspace={workspace} onCreated={setRecorded} />
          {shown && <Recorded event={shown} admin={admin} />}
          <h2>Latest CI results in {workspace}</h2>
          {!spaces.isPending && !admin && (
            <div className="card notice" role="note" aria-label="Who can read this">
              <p>
                Only the workspace&apos;s owners and admins read its audit log, where CI results are kept
                {spaces.current ? (
                  <>
                    ; your role in <span className="mono">{workspace}</span> is{' '}
                    <strong>{spaces.current.role}</strong>
                  </>
                ) : null}
                . As a member you may still record one above.
              </p>
            </div>
          )}
          <CiEntries workspace={workspace} serverAdmin={session.user.is_admin} />
          <FromYourCi workspace={workspace} />
        </>
      )}
    </Page>
  );
}
