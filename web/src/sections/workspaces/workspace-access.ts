import type { Session, Workspace } from '../../api/types.ts';

/** Whether the caller administers the workspace: its owner or admin, or a server administrator. */
export const administers = (session: Session, workspace: Pick<Workspace, 'role'>): boolean =>
  session.user.is_admin || workspace.role === 'owner' || workspace.role === 'admin';

/** What the server's role rules are, said once where a refusal may need it. */
export const ROLE_RULES =
  'Nobody grants, changes or removes a role above their own, and a workspace always keeps an owner. A workspace owner or admin is maintainer of every project in it.';
