import { usePagedList } from '../../api/paged.ts';
import type { Member, User } from '../../api/types.ts';

/**
 * E-mails of the users an audit entry names, as far as the caller can look them up: a workspace's
 * current members and, for server administrators, every user. Others stay ids.
 */
export function useUserEmails(workspace: string, serverAdmin: boolean): Map<string, string> {
  const members = usePagedList<Member>(
    ['members', workspace],
    `/v1/workspaces/${encodeURIComponent(workspace)}/members`,
    { limit: 200 },
    workspace !== '',
  );
  const users = usePagedList<User>(['users'], '/v1/users', { limit: 200 }, serverAdmin);
  const emails = new Map<string, string>();
  for (const m of members.items) emails.set(m.user_id, m.email);
  for (const u of users.items) emails.set(u.id, u.email);
  return emails;
}
