import type { Session } from '../../api/types.ts';
import { administers } from '../../api/workspace-access.ts';
import { Page } from '../../ui/page.tsx';
import { useAddress } from '../../ui/use-address.ts';
import {
  ChooseWorkspace,
  useWorkspaces,
  WORKSPACE_ADDRESS,
  WorkspaceChoice,
} from '../../ui/workspace-choice.tsx';
import { CodehostWorkspace } from './codehost-workspace.tsx';
import { connectOutcome, NO_OUTCOME, OUTCOME_ADDRESS } from './connect-outcome.ts';
import { ConnectOutcomeNotice } from './connect-outcome-notice.tsx';

const CODEHOST_ADDRESS = { ...WORKSPACE_ADDRESS, ...OUTCOME_ADDRESS };

/**
 * A workspace's code host app (`?workspace=`): its installation (connected or not, whose, how its
 * last sync went), Connect and Sync now for its admins, the repositories it reaches, and who may
 * read their projects (the role mapping; the permission sync for its admins). The code
 * host's redirect after an install lands here and says how the connection went
 * (`&connected=ID`, or `?connect_error=CODE&message=TEXT`).
 */
export function CodehostPage({ session }: { session: Session }) {
  const address = useAddress(CODEHOST_ADDRESS);
  const { workspace } = address.values;
  const outcome = connectOutcome(address.values);
  const spaces = useWorkspaces(workspace);
  return (
    <Page
      title="Code host"
      lead="A workspace's installation of the code host app (GitHub): the repositories it reaches become the workspace's linked repositories."
    >
      <WorkspaceChoice
        id="ch-workspace"
        workspace={workspace}
        spaces={spaces}
        onChoose={(w) => address.set({ workspace: w, ...NO_OUTCOME })}
      />
      {outcome && <ConnectOutcomeNotice outcome={outcome} onDismiss={() => address.set(NO_OUTCOME)} />}
      {!workspace ? (
        <ChooseWorkspace spaces={spaces}>
          Choose a workspace to see its code host installation.
        </ChooseWorkspace>
      ) : (
        <CodehostWorkspace
          key={workspace}
          workspace={workspace}
          admin={administers(session, spaces.current)}
          roleKnown={!spaces.isPending}
          current={spaces.current}
        />
      )}
    </Page>
  );
}
