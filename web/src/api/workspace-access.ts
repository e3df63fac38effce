import type { Session, Workspace } from './types.ts';

/**
 * Whether the caller administers a workspace: its owner or admin, or a server administrator (who
 * is, even where the list of workspaces does not say yet). The server decides on every call anyway.
 */
export const administers = (session: Session, workspace: Pick<Workspace, 'role'> | undefined): boolean =>
  session.user.is_admin || workspace?.role === 'owner' || workspace?.role === 'admin';
