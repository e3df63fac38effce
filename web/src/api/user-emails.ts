import { usePagedList } from './paged.ts';
import { memberQueries } from './queries/members.ts';
import { userQueries } from './queries/users.ts';

/**
 * E-mails of the users an audit entry names, as far as the caller can look them up: a workspace's
 * current members and, for server administrators, every user. Others stay ids.
 */
export function useUserEmails(workspace: string, serverAdmin: boolean): Map<string, string> {
  const members = usePagedList(memberQueries.list({ workspace }, 200), workspace !== '');
  const users = usePagedList(userQueries.list(200), serverAdmin);
  const emails = new Map<string, string>();
  for (const m of members.items) emails.set(m.user_id, m.email);
  for (const u of users.items) emails.set(u.id, u.email);
  return emails;
}
