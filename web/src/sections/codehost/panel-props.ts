import type { CodehostInstallation, Workspace } from '../../api/types.ts';

/** What each panel of the Code host page is given: the workspace, its status and the caller's rights. */
export interface PanelProps {
  workspace: string;
  status: CodehostInstallation;
  /** The caller may change things (workspace owner or admin, or server admin). */
  admin: boolean;
  /** The caller's role is known (their workspaces have loaded). */
  roleKnown: boolean;
  current: Workspace | undefined;
}
