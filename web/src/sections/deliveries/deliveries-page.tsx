import { Link } from 'react-router';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { text } from '../../ui/address-fields.ts';
import { useAddress } from '../../ui/use-address.ts';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import {
  ChooseWorkspace,
  useWorkspaces,
  WORKSPACE_ADDRESS,
  WorkspaceChoice,
} from '../../ui/workspace-choice.tsx';
import { administers } from '../../api/workspace-access.ts';
import { DeliveryFilters } from './delivery-filters.tsx';
import { DeliveryList } from './delivery-list.tsx';

const DELIVERIES_ADDRESS = { ...WORKSPACE_ADDRESS, status: text, channel: text, action: text };

/**
 * A workspace's chat deliveries (`?workspace=&status=&channel=&action=`): each audit entry's
 * message to the chat webhook, its progress and outcome, and a retry of a failed one. Workspace
 * admins; anyone else sees the server's refusal and no controls.
 */
export function DeliveriesPage({ session }: { session: Session }) {
  const address = useAddress(DELIVERIES_ADDRESS);
  const { workspace, ...filters } = address.values;
  const spaces = useWorkspaces(workspace);
  const admin = administers(session, spaces.current);
  // Known not to be an admin here (the server refuses anyway): no filters, only its refusal.
  const refused = !spaces.isPending && !admin;
  return (
    <Page
      title="Deliveries"
      lead="Chat notifications of a workspace's audit entries: where each went, at which severity, how it went, and what the receiver said."
    >
      <WorkspaceChoice
        id="dlv-workspace"
        workspace={workspace}
        spaces={spaces}
        onChoose={(w) => address.set({ workspace: w })}
      />
      {!workspace ? (
        <ChooseWorkspace spaces={spaces}>Choose a workspace to see its deliveries.</ChooseWorkspace>
      ) : (
        <>
          {refused ? (
            <AdminsOnlyNote
              only="see and retry its deliveries"
              workspace={workspace}
              current={spaces.current}
              className="ws-note"
            />
          ) : (
            <>
              <p className="muted small">
                What is sent, and where, is set by the chat integration&apos;s rules in{' '}
                <Link to={`/integrations?workspace=${encodeURIComponent(workspace)}`}>Integrations</Link>.
              </p>
              <DeliveryFilters key={address.params.toString()} values={filters} onApply={address.set} />
            </>
          )}
          <h2>Deliveries of {workspace}</h2>
          <DeliveryList workspace={workspace} filters={filters} canRetry={admin} />
        </>
      )}
    </Page>
  );
}
