/**
 * Shapes and calls shared by the workspace membership tests (the project membership tests use them
 * too). Every call takes the file's harness.
 */

import { expect } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { auditLogPages, type AuditEntry } from '../audit/audit-scenario.fixtures.ts';
import type { WorkspaceRole } from '../tenancy/table.ts';

/** A member of a workspace or project, as the member lists answer it. */
export interface Member {
  user_id: string;
  email: string;
  name: string | null;
  role: string;
  created_at: string;
}

/** A user who owns another workspace only, and that workspace. */
export async function outsiderWithWorkspace(h: Harness) {
  const outsider = await h.user({ name: 'Olga' });
  return { outsider, outsiderWs: await h.workspace([[outsider, 'owner']]) };
}

type UsersFor<R extends readonly WorkspaceRole[]> = { [K in keyof R]: TestUser };

/**
 * A workspace (created by the server admin) holding one fresh user per role, in those roles:
 * `[ws, ...users]`.
 */
export async function workspaceWith<const R extends readonly WorkspaceRole[]>(
  h: Harness,
  ...roles: R
): Promise<[string, ...UsersFor<R>]> {
  const users = (await Promise.all(roles.map(() => h.user()))) as UsersFor<R>;
  const ws = await h.workspace(roles.map((role, i): [TestUser, WorkspaceRole] => [users[i]!, role]));
  return [ws, ...users];
}

/** A workspace the creating server admin has left: its members are `owner` and the `others`. */
export async function workspaceOwnedBy(
  h: Harness,
  owner: TestUser,
  others: Array<[TestUser, WorkspaceRole]> = [],
): Promise<string> {
  const ws = await h.workspace([[owner, 'owner'], ...others]);
  const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${h.admin.id}`, { as: owner });
  expect(res.statusCode).toBe(204);
  return ws;
}

/** `by` makes `user` an owner of `ws`. */
export async function promoteToOwner(h: Harness, ws: string, by: TestUser, user: TestUser): Promise<void> {
  const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${user.id}`, {
    as: by,
    body: { role: 'owner' },
  });
  expect(res.statusCode).toBe(200);
}

/** The access entries of a workspace, newest first (read as the server admin). */
export const accessLog = (h: Harness, ws: string): Promise<AuditEntry[]> =>
  auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: 'access.' });

/** One manual membership change: whose, from which role to which, in a workspace or one of its projects. */
export interface ManualChange {
  target: TestUser;
  oldRole: string | null;
  newRole: string | null;
  ws: string;
  project?: string;
  correlationId?: string | null;
}

/** The params an access entry records a manual change with. */
export const manualChangeParams = (change: ManualChange): Record<string, unknown> => ({
  source: 'manual',
  target_user_id: change.target.id,
  old_role: change.oldRole,
  new_role: change.newRole,
  workspace_key: change.ws,
  ...(change.project === undefined ? {} : { project_key: change.project }),
  ...(change.correlationId === undefined ? {} : { correlation_id: change.correlationId }),
});

/**
 * Checks the newest access entry of `change.ws`: its action, its author (when given) and exactly
 * the params of the change (with the entry's own correlation id when `correlated`).
 */
export async function expectLatestAccessEntry(
  h: Harness,
  change: Omit<ManualChange, 'correlationId'> & { action: string; actor?: TestUser; correlated?: boolean },
): Promise<AuditEntry> {
  const [entry] = await accessLog(h, change.ws);
  expect(entry!.action).toBe(change.action);
  if (change.actor) expect(entry!.actor.user_id).toBe(change.actor.id);
  const correlationId = change.correlated ? entry!.correlation_id : undefined;
  expect(entry!.target.params).toEqual(manualChangeParams({ ...change, correlationId }));
  return entry!;
}

/** Every item of a listing read two at a time along next_cursor, each page holding at most two. */
export async function readTwoAtATime<T>(
  h: Harness,
  as: TestUser,
  url: string,
  query: Record<string, string> = {},
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await h.request('GET', url, {
      as,
      query: { ...query, limit: '2', ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeLessThanOrEqual(2);
    seen.push(...(res.json().items as T[]));
    cursor = res.json().next_cursor;
  } while (cursor);
  return seen;
}

/** Members sorted by user id (the list's order), read as the server admin. */
export async function membersOf(h: Harness, ws: string): Promise<Member[]> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/members`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as Member[];
}

export const roleOf = async (h: Harness, ws: string, user: TestUser) =>
  (await membersOf(h, ws)).find((m) => m.user_id === user.id)?.role ?? null;

/** Snapshot of everything a workspace membership request could change. */
export const stateOf = async (h: Harness, ws: string) => ({
  members: await membersOf(h, ws),
  log: await accessLog(h, ws),
});

/** Admins only: without a valid key 401, for a plain member 403, for an outsider 404. */
export async function expectAdminsOnly(
  h: Harness,
  member: TestUser,
  outsider: TestUser,
  call: RouteCall,
): Promise<void> {
  await expectKeyRequired(h, call);
  await expectForbiddenFor(h, member, call);
  await expectHiddenFrom(h, outsider, call);
}
