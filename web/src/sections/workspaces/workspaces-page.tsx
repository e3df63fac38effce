import { Route, Routes } from 'react-router';
import type { Session } from '../../api/types.ts';
import { WorkspaceDetail } from './workspace-detail.tsx';
import { WorkspaceList } from './workspace-list.tsx';

/** Workspaces: the list (server administrators create them), then one workspace's tabs. */
export function WorkspacesPage({ session }: { session: Session }) {
  return (
    <Routes>
      <Route index element={<WorkspaceList session={session} />} />
      <Route path=":workspaceKey/*" element={<WorkspaceDetail session={session} />} />
    </Routes>
  );
}
