/** The team, reads and access checks shared by the project route tests. Every call takes the file's harness. */

import { expect } from 'vitest';
import { enc, type Harness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { accessLog, workspaceWith, type Member } from '../workspaces/members.fixtures.ts';

/** A workspace with an admin, a project with a maintainer, a writer and a reader, and a bystander. */
export interface Team {
  ws: string;
  project: string;
  admin: TestUser; // workspace admin, not a project member
  maintainer: TestUser;
  writer: TestUser;
  reader: TestUser;
  bystander: TestUser; // workspace member, not in the project
}

export async function team(h: Harness): Promise<Team> {
  const [ws, admin, maintainer, writer, reader, bystander] = await workspaceWith(
    h,
    'admin',
    'member',
    'member',
    'member',
    'member',
  );
  const project = await h.project(ws, [
    [maintainer, 'maintainer'],
    [writer, 'writer'],
    [reader, 'reader'],
  ]);
  return { ws, project, admin, maintainer, writer, reader, bystander };
}

/** `as` asks to add a member to the team's project, naming the workspace in the query. */
export const postProjectMember = (h: Harness, t: Team, as: TestUser, body: Record<string, unknown>) =>
  h.request('POST', `/v1/projects/${enc(t.project)}/members`, { as, query: { workspace_key: t.ws }, body });

/** A project as the server admin reads it, or null where it does not exist. */
export async function readProject(
  h: Harness,
  ws: string,
  key: string,
): Promise<Record<string, unknown> | null> {
  const res = await h.request('GET', `/v1/projects/${enc(key)}`, {
    as: h.admin,
    query: { workspace_key: ws },
  });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Project members sorted by user id (the list's order), read as the server admin. */
export async function projectMembersOf(h: Harness, ws: string, key: string): Promise<Member[]> {
  const res = await h.request('GET', `/v1/projects/${enc(key)}/members`, {
    as: h.admin,
    query: { workspace_key: ws, limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as Member[];
}

export const projectRoleOf = async (h: Harness, ws: string, key: string, user: TestUser) =>
  (await projectMembersOf(h, ws, key)).find((m) => m.user_id === user.id)?.role ?? null;

/** Snapshot of everything a project membership request could change. */
export const stateOf = async (h: Harness, t: Team) => ({
  members: await projectMembersOf(h, t.ws, t.project),
  log: await accessLog(h, t.ws),
});

/** Without a valid key 401; for a workspace member outside the project and for an outsider 404. */
export async function expectHiddenOutsideProject(
  h: Harness,
  t: Team,
  outsider: TestUser,
  call: RouteCall,
): Promise<void> {
  await expectKeyRequired(h, call);
  await expectHiddenFrom(h, t.bystander, call);
  await expectHiddenFrom(h, outsider, call);
}

/** Maintainers only: writers and readers 403, and hidden outside the project as above. */
export async function expectMaintainersOnly(
  h: Harness,
  t: Team,
  outsider: TestUser,
  call: RouteCall,
): Promise<void> {
  await expectForbiddenFor(h, t.writer, call);
  await expectForbiddenFor(h, t.reader, call);
  await expectHiddenOutsideProject(h, t, outsider, call);
}
