import { pagedQuery } from '../paged.ts';
import { send } from '../request.ts';
import type { Member, MemberList } from '../types.ts';
import { workspacePath } from './workspaces.ts';

/** Whose members: a workspace's, or (with `project`) a project's in that workspace. */
export interface MemberScope {
  workspace: string;
  project?: string;
}

const pathOf = (s: MemberScope) =>
  s.project
    ? `/v1/projects/${encodeURIComponent(s.project)}/members`
    : `${workspacePath(s.workspace)}/members`;
/** A project's member routes name its workspace in every request. */
const scopeQuery = (s: MemberScope) => (s.project ? { workspace_key: s.workspace } : {});
const memberPath = (s: MemberScope, userId: string) => `${pathOf(s)}/${encodeURIComponent(userId)}`;

export const memberQueries = {
  /** Every member list of a workspace: its own and each of its projects'. */
  all: (workspace: string) => ['members', workspace] as const,
  /** Every list of the scope's members. */
  lists: (s: MemberScope) => [...memberQueries.all(s.workspace), s.project ?? ''] as const,
  list: (s: MemberScope, limit?: number) =>
    pagedQuery<MemberList>(memberQueries.lists(s), pathOf(s), { ...scopeQuery(s), limit }),
};

export const memberWrites = {
  add: (s: MemberScope, email: string, role: string) =>
    send<Member>('POST', pathOf(s), { body: { ...scopeQuery(s), email, role } }),
  changeRole: (s: MemberScope, userId: string, role: string) =>
    send<Member>('PATCH', memberPath(s, userId), { body: { ...scopeQuery(s), role } }),
  remove: (s: MemberScope, userId: string) => send('DELETE', memberPath(s, userId), { query: scopeQuery(s) }),
};
