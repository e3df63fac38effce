import { useQuery } from '@tanstack/react-query';
import { NavLink, Route, Routes, useParams } from 'react-router';
import { workspaceQueries } from '../../api/queries/workspaces.ts';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { MembersPanel } from './members-panel.tsx';
import { ProjectMappings } from './project-mappings.tsx';
import { ProjectDetail } from './project-detail.tsx';
import { ProjectList } from './project-list.tsx';
import { administers } from '../../api/workspace-access.ts';
import { WorkspaceSettings } from './workspace-settings.tsx';

/** One workspace: its settings, members, projects and project mappings, each a tab with its own address. */
export function WorkspaceDetail({ session }: { session: Session }) {
  const key = useParams().workspaceKey ?? '';
  const workspace = useQuery(workspaceQueries.detail(key));
  if (workspace.isPending) return <Loading what={`workspace ${key}`} />;
  if (workspace.isError)
    return (
      <Page title={`Workspace ${key}`}>
        <ErrorMessage error={workspace.error} />
      </Page>
    );
  const w = workspace.data;
  const admin = administers(session, w);
  const base = `/workspaces/${encodeURIComponent(key)}`;
  return (
    <Page
      title={w.name}
      lead={
        <>
          <span className="mono">{w.workspace_key}</span> · your role:{' '}
          {w.role ?? 'server administrator (acting as owner)'}
        </>
      }
    >
      <nav className="tabs" aria-label={`Workspace ${w.name}`}>
        <NavLink to={base} end>
          Settings
        </NavLink>
        <NavLink to={`${base}/members`}>Members</NavLink>
        <NavLink to={`${base}/projects`}>Projects</NavLink>
        <NavLink to={`${base}/mappings`}>Project mappings</NavLink>
      </nav>
      <Routes>
        <Route index element={<WorkspaceSettings workspace={w} canEdit={admin} />} />
        <Route
          path="members"
          element={
            <MembersPanel
              title="Workspace members"
              scope={{ workspace: key }}
              roles={['owner', 'admin', 'member']}
              canManage={admin}
            />
          }
        />
        <Route
          path="projects"
          element={<ProjectList workspace={w} canCreate={admin || w.auto_create_project} />}
        />
        <Route path="projects/:projectKey" element={<ProjectDetail workspace={w} />} />
        <Route path="mappings" element={<ProjectMappings workspace={w} canEdit={admin} />} />
      </Routes>
    </Page>
  );
}
