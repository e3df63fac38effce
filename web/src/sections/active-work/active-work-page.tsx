import type { To } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { useProject } from '../../api/project-access.ts';
import { activeWorkQueries } from '../../api/queries/active-work.ts';
import { writeAddress } from '../../ui/address-fields.ts';
import { Page } from '../../ui/page.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty, ErrorMessage } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { ACTIVE_WORK_ADDRESS } from './active-work-address.ts';
import { ItemDetail } from './item-detail.tsx';
import { ItemList } from './item-list.tsx';
import { ProjectTimeline } from './project-timeline.tsx';
import { StatusFilter } from './status-filter.tsx';

/**
 * A project's Active Work (`?workspace=&project=`, and `&status=&item=&type=`): its items, one
 * item's evidence and timeline with, for project maintainers (workspace owners and admins are
 * maintainers of every project), confirm, close and reopen; and the project's timeline.
 */
export function ActiveWorkPage() {
  const { workspace, project } = useProjectChoice();
  const address = useAddress(ACTIVE_WORK_ADDRESS);
  const { status, item, type } = address.values;
  const access = useProject(workspace, project);
  const role = access.data?.role;
  const maintainer = role === 'maintainer';
  const chosen = workspace !== '' && project !== '';
  const items = usePagedList(activeWorkQueries.items(workspace, project, status), chosen);
  const itemLink = (id: string): To => ({
    search: `?${writeAddress(ACTIVE_WORK_ADDRESS, address.params, { item: id }).toString()}`,
  });
  return (
    <Page
      title="Active Work"
      lead="Who is working on what in a project, inferred from what its assistants and tools report; each item with its evidence and the timeline of why it is in its state."
    >
      <ProjectPicker idPrefix="aw" />
      {!chosen ? (
        <Empty>Choose a workspace and a project to see its Active Work.</Empty>
      ) : (
        <>
          <ErrorMessage error={access.error} title="Your role on this project could not be read" />
          {role && (
            <p className="muted small">
              Your role on this project: <span className="badge">{role}</span>
              {!maintainer &&
                " (you can read its Active Work; project maintainers and the workspace's owners and admins confirm, close and reopen items)"}
            </p>
          )}
          <StatusFilter statuses={status} onChange={(s) => address.set({ status: s })} />
          <ItemList items={items} project={project} statuses={status} selected={item} itemLink={itemLink} />
          {item && (
            <ItemDetail
              workspace={workspace}
              project={project}
              id={item}
              canAct={maintainer}
              onHide={() => address.set({ item: '' })}
            />
          )}
          <ProjectTimeline
            workspace={workspace}
            project={project}
            type={type}
            onType={(t) => address.set({ type: t })}
            itemLink={itemLink}
          />
        </>
      )}
    </Page>
  );
}
