import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { enc, type Harness, type TestUser } from '../../test/harness.ts';
import { projects, workspaces } from '../tenancy/table.ts';
import { recordAccessChange, type AccessChangeInput } from './access-change-entry.ts';
import type { accessEvent, auditEntry, ChainReport } from './schemas.ts';

/** An entry of GET /v1/audit-logs. */
export type AuditEntry = z.output<typeof auditEntry>;

/** An event of GET /v1/audit/access-timeline. */
export type AccessEvent = z.output<typeof accessEvent>;

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export const HOUR = 3600_000;
export const ACCESS_TIMELINE_URL = '/v1/audit/access-timeline';
export const CODEHOST_BATCH = 'delivery-7f3a';
export const EVIDENCE = { repo: 'acme/api', permission: 'push' };

export const ids = (items: Array<{ id: string }>) => items.map((e) => e.id);

/** Every item of a listing, following next_cursor with the given page size. */
async function allPagesOf<T>(
  h: Harness,
  as: TestUser,
  url: string,
  query: Record<string, string>,
  limit: number,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i++) {
    const res = await h.request('GET', url, {
      as,
      query: { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page<T>;
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('paging did not end');
}

/** Every entry of a log (the server-level one without workspace_key), newest first. */
export const auditLogPages = (h: Harness, as: TestUser, query: Record<string, string>, limit = 200) =>
  allPagesOf<AuditEntry>(h, as, '/v1/audit-logs', query, limit);

/** All entries of a log in chain order (oldest first). */
export async function chainOf(h: Harness, workspaceKey?: string): Promise<AuditEntry[]> {
  return (await auditLogPages(h, h.admin, workspaceKey ? { workspace_key: workspaceKey } : {})).reverse();
}

/** The verify report of a workspace's chain (the server-level chain without a key). */
export async function verifyChain(h: Harness, workspaceKey?: string, as = h.admin): Promise<ChainReport> {
  const res = await h.request('GET', '/v1/audit/verify', {
    as,
    ...(workspaceKey ? { query: { workspace_key: workspaceKey } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChainReport;
}

export const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Runs SQL with the append-only triggers off, as someone with direct database access could. */
export async function tamper(h: Harness, sql: string): Promise<void> {
  await h.database.raw(
    'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only; ' +
      'ALTER TABLE access_events DISABLE TRIGGER access_events_append_only;',
  );
  try {
    await h.database.raw(sql);
  } finally {
    await h.database.raw(
      'ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only; ' +
        'ALTER TABLE access_events ENABLE TRIGGER access_events_append_only;',
    );
  }
}

/** Who makes a change through HTTP, and in which workspace. */
interface Changer {
  h: Harness;
  as: TestUser;
  ws: string;
}

/** Awaits a request made through HTTP and expects its status. */
async function expectStatus<R extends { statusCode: number; body: string }>(res: Promise<R>, status: number) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
}

export const renameWorkspace = ({ h, as, ws }: Changer, name: string, reason?: string) =>
  expectStatus(
    h.request('PATCH', `/v1/workspaces/${ws}`, {
      as,
      body: reason === undefined ? { name } : { name, reason },
    }),
    200,
  );

const addWorkspaceMember = (
  { h, as, ws }: Changer,
  member: { user_id: string } | { email: string },
  role: string,
) => expectStatus(h.request('POST', `/v1/workspaces/${ws}/members`, { as, body: { ...member, role } }), 201);

const addProjectMember = ({ h, as, ws }: Changer, project: string, userId: string, role: string) =>
  expectStatus(
    h.request('POST', `/v1/projects/${enc(project)}/members`, {
      as,
      query: { workspace_key: ws },
      body: { user_id: userId, role },
    }),
    201,
  );

const changeProjectRole = ({ h, as, ws }: Changer, project: string, userId: string, role: string) =>
  expectStatus(
    h.request('PATCH', `/v1/projects/${enc(project)}/members/${userId}`, {
      as,
      query: { workspace_key: ws },
      body: { role },
    }),
    200,
  );

/** The params a manual addition of `userId` to `project` as writer is recorded with. */
export const manualWriterAddedParams = (userId: string, ws: string, project: string) => ({
  source: 'manual',
  target_user_id: userId,
  old_role: null,
  new_role: 'WRITER',
  workspace_key: ws,
  project_key: project,
});

/**
 * A workspace with ten entries: 1 workspace.created, 2-3 owner and admin added, 4 project.created,
 * 5-6 settings, 7 alice added, 8 alice added to the project, 9 her project role changed, 10 settings.
 */
export async function busyWorkspace(h: Harness, wsAdmin: TestUser, alice: TestUser): Promise<string> {
  const ws = await h.workspace([[wsAdmin, 'admin']]);
  const project = await h.project(ws);
  const by = { h, as: wsAdmin, ws };
  await renameWorkspace(by, 'one');
  await renameWorkspace(by, 'two');
  await addWorkspaceMember(by, { user_id: alice.id }, 'member');
  await addProjectMember(by, project, alice.id, 'writer');
  await changeProjectRole(by, project, alice.id, 'reader');
  await renameWorkspace(by, 'three');
  return ws;
}

/**
 * `ws` (wsAdmin its admin, member a member) with nine entries: workspace.created, owner, wsAdmin and
 * member added, project.created, settings, alice added, alice added to `project`, settings.
 */
export async function workspaceLog(h: Harness) {
  const [wsAdmin, member, outsider, alice] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
  const ws = await h.workspace([
    [wsAdmin, 'admin'],
    [member, 'member'],
  ]);
  const project = await h.project(ws);
  // A few changes through HTTP, so the log holds several kinds of entries.
  const by = { h, as: wsAdmin, ws };
  await renameWorkspace(by, 'First name', 'rename to First name');
  await addWorkspaceMember(by, { user_id: alice.id }, 'member');
  await addProjectMember(by, project, alice.id, 'writer');
  await renameWorkspace(by, 'Second name', 'rename to Second name');
  return { wsAdmin, member, outsider, alice, ws, project };
}

export async function workspaceRef(h: Harness, key: string) {
  const [row] = await h.database.db.select().from(workspaces).where(eq(workspaces.key, key));
  return { id: row!.id, key: row!.key };
}

async function projectRef(h: Harness, key: string) {
  const [row] = await h.database.db.select().from(projects).where(eq(projects.key, key));
  return { id: row!.id, key: row!.key };
}

/** Runs the producer the way a code host, directory or system flow does: inside its own transaction. */
export async function produce(ctx: Ctx, inputs: AccessChangeInput[]) {
  await inTransaction(ctx, async (ctx) => {
    for (const input of inputs) await recordAccessChange(ctx, input);
  });
}

export type AccessTimelineStory = Awaited<ReturnType<typeof tellAccessTimelineStory>>;

/**
 * The access story of one workspace, told in phases an hour apart, from manual changes through
 * HTTP and from the internal producer (code host, directory and system flows).
 */
export async function tellAccessTimelineStory(h: Harness) {
  const people = [h.user(), h.user(), h.user(), h.user(), h.user(), h.user(), h.user()] as const;
  const [wsAdmin, member, outsider, alice, bob, carol, dave] = await Promise.all(people);
  /** Clock readings at the start of each phase of the story (events of phase k lie in [mark[k], mark[k+1])). */
  const mark: Date[] = [];
  const nextPhase = () => {
    h.clock.advance(HOUR);
    mark.push(h.clock.now());
  };
  // Phase 0: the server admin creates the workspace (owner) and adds wsAdmin and member.
  mark.push(h.clock.now());
  const ws = await h.workspace([
    [wsAdmin, 'admin'],
    [member, 'member'],
  ]);
  const projectP = await h.project(ws);
  const projectQ = await h.project(ws);
  const by = { h, as: wsAdmin, ws };
  // Phase 1: alice joins the workspace.
  nextPhase();
  await addWorkspaceMember(by, { user_id: alice.id }, 'member');
  // Phase 2: alice becomes a writer on P.
  nextPhase();
  await addProjectMember(by, projectP, alice.id, 'writer');
  // Phase 3: alice is demoted to reader on P.
  nextPhase();
  await changeProjectRole(by, projectP, alice.id, 'reader');
  // Phase 4: bob joins the workspace, P (writer) and Q (reader).
  nextPhase();
  await addWorkspaceMember(by, { email: bob.email }, 'member');
  await addProjectMember(by, projectP, bob.id, 'writer');
  await addProjectMember(by, projectQ, bob.id, 'reader');
  // Phase 5: bob is removed from the workspace, and with it from P and Q (one batch).
  nextPhase();
  await expectStatus(h.request('DELETE', `/v1/workspaces/${ws}/members/${bob.id}`, { as: wsAdmin }), 204);
  // Phase 6: a code host permission sync (the internal producer, one transaction, one batch id).
  nextPhase();
  const wsRef = await workspaceRef(h, ws);
  const codehostSync = {
    workspace: wsRef,
    project: await projectRef(h, projectP),
    source: 'codehost' as const,
  };
  const batch = { correlationId: CODEHOST_BATCH, evidence: EVIDENCE };
  const ctx = h.ctxFor(h.admin);
  await produce(ctx, [
    { ...codehostSync, targetUserId: alice.id, oldRole: 'reader', newRole: 'writer', ...batch },
    { ...codehostSync, targetUserId: carol.id, oldRole: null, newRole: 'writer', ...batch },
  ]);
  // Phase 7: a directory sync adds dave; a system flow removes him again.
  nextPhase();
  await produce({ ...ctx, actor: { kind: 'system', name: 'oidc-sync' } }, [
    {
      workspace: wsRef,
      targetUserId: dave.id,
      oldRole: null,
      newRole: 'member',
      source: 'oidc',
      correlationId: 'dirsync-1',
      evidence: { group: 'engineering' },
    },
  ]);
  await produce({ ...ctx, actor: { kind: 'system', name: 'cleanup' } }, [
    { workspace: wsRef, targetUserId: dave.id, oldRole: 'member', newRole: null, source: 'system' },
  ]);
  mark.push(new Date(h.clock.now().getTime() + HOUR));

  /** One page of the timeline of `ws` (or of the workspace the query names), read by wsAdmin. */
  const timeline = async (query: Record<string, string>) => {
    const res = await h.request('GET', ACCESS_TIMELINE_URL, {
      as: wsAdmin,
      query: { workspace_key: ws, ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<AccessEvent>;
  };
  /** Every event matching a query, following next_cursor. */
  const allPages = (query: Record<string, string>, limit = 200) =>
    allPagesOf<AccessEvent>(h, wsAdmin, ACCESS_TIMELINE_URL, { workspace_key: ws, ...query }, limit);
  return {
    wsAdmin,
    member,
    outsider,
    alice,
    bob,
    carol,
    dave,
    ws,
    projectP,
    projectQ,
    mark,
    /** Every event of `ws`, newest first, as the unfiltered timeline answers it. */
    all: await allPages({}),
    timeline,
    allPages,
  };
}
