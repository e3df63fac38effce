import { useQuery } from '@tanstack/react-query';
import { integrationQueries } from '../../api/queries/integrations.ts';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import {
  ChooseWorkspace,
  useWorkspaces,
  WORKSPACE_ADDRESS,
  WorkspaceChoice,
} from '../../ui/workspace-choice.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { administers } from '../../api/workspace-access.ts';
import { ProviderCard } from './provider-card.tsx';
import { ProviderTest } from './provider-test.tsx';

/**
 * A workspace's integrations (`?workspace=`): every provider as it applies, one form each for its
 * admins (secrets write-only, sources and locks shown as the API reports them), and a test search
 * of the tracker and the wiki, which every member may run.
 */
export function IntegrationsPage({ session }: { session: Session }) {
  const address = useAddress(WORKSPACE_ADDRESS);
  const { workspace } = address.values;
  const spaces = useWorkspaces(workspace);
  const current = spaces.current;
  const canEdit = administers(session, current);
  const list = useQuery({ ...integrationQueries.list(workspace), enabled: workspace !== '' });
  return (
    <Page
      title="Integrations"
      lead="The issue tracker, wiki, chat and audit reasoner of a workspace: saved values over the server's environment, field by field."
    >
      <WorkspaceChoice
        id="int-workspace"
        workspace={workspace}
        spaces={spaces}
        onChoose={(w) => address.set({ workspace: w })}
      />
      {!workspace ? (
        <ChooseWorkspace spaces={spaces}>Choose a workspace to see its integrations.</ChooseWorkspace>
      ) : list.isPending ? (
        <Loading what="the integrations" />
      ) : list.isError ? (
        <>
          {!canEdit && (
            <AdminsOnlyNote only="read and change its integrations" workspace={workspace} current={current}>
              As a member you may still search the tracker and the wiki below.
            </AdminsOnlyNote>
          )}
          <ErrorMessage error={list.error} title="The integrations could not be read" />
          {!canEdit && (
            <section className="card" aria-labelledby="int-sources-title">
              <h2 id="int-sources-title">Search the sources</h2>
              <ProviderTest workspace={workspace} provider="tracker" />
              <ProviderTest workspace={workspace} provider="wiki" />
            </section>
          )}
        </>
      ) : (
        list.data.items.map((integration) => (
          <ProviderCard
            key={integration.provider}
            workspace={workspace}
            integration={integration}
            canEdit={canEdit}
          />
        ))
      )}
    </Page>
  );
}
