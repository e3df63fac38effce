import { useState } from 'react';
import { Link } from 'react-router';
import type { CiEvent, Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import {
  ChooseWorkspace,
  useWorkspaces,
  WORKSPACE_ADDRESS,
  WorkspaceChoice,
} from '../../ui/workspace-choice.tsx';
import { LogTime } from '../../ui/log-time.tsx';
import { administers } from '../../api/workspace-access.ts';
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
  const admin = administers(session, spaces.current);
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
        <ChooseWorkspace spaces={spaces}>
          Choose a workspace to record and read its CI results.
        </ChooseWorkspace>
      ) : (
        <>
          <CiEventForm key={workspace} workspace={workspace} onCreated={setRecorded} />
          {shown && <Recorded event={shown} admin={admin} />}
          <h2>Latest CI results in {workspace}</h2>
          {!spaces.isPending && !admin && (
            <AdminsOnlyNote
              only="read its audit log, where CI results are kept"
              workspace={workspace}
              current={spaces.current}
            >
              As a member you may still record one above.
            </AdminsOnlyNote>
          )}
          <CiEntries workspace={workspace} serverAdmin={session.user.is_admin} />
          <FromYourCi workspace={workspace} />
        </>
      )}
    </Page>
  );
}
