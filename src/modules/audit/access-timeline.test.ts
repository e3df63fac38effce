import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { projects } from '../projects/table.ts';
import { workspaces } from '../workspaces/table.ts';
import { recordAccessChange, type AccessChangeInput } from './record-access-change.ts';

interface AccessEvent {
  id: string;
  created_at: string;
  action: string;
  summary: string;
  source: string;
  change: string;
  actor: { user_id: string | null; email: string | null; system: string | null };
  target_user: { id: string; email: string | null };
  workspace_key: string;
  project_key: string | null;
  old_role: string | null;
  new_role: string | null;
  correlation_id: string | null;
  evidence: Record<string, unknown> | null;
  params: Record<string, unknown>;
}

const HOUR = 3600_000;
const URL = '/v1/audit/access-timeline';

let h: Harness;
let wsAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let ws: string;
let projectP: string;
let projectQ: string;
/** Clock readings at the start of each phase of the story (events of phase k lie in [mark[k], mark[k+1])). */
const mark: Date[] = [];
/** Every event of `ws`, newest first, as the unfiltered timeline answers it. */
let all: AccessEvent[];

const CODEHOST_BATCH = 'delivery-7f3a';
const EVIDENCE = { repo: 'acme/api', permission: 'push' };

async function timeline(query: Record<string, string>, as: TestUser = wsAdmin) {
  const res = await h.request('GET', URL, { as, query: { workspace_key: ws, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AccessEvent[]; next_cursor: string | null };
}

/** Every event matching a query, following next_cursor. */
async function allPages(query: Record<string, string>, limit = 200): Promise<AccessEvent[]> {
  const items: AccessEvent[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i++) {
    const body = await timeline({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('paging did not end');
}

const ids = (events: AccessEvent[]) => events.map((e) => e.id);

function nextPhase() {
  h.clock.advance(HOUR);
  mark.push(h.clock.now());
}

async function ok(res: Promise<{ statusCode: number; body: string }>, status: number) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
}

async function workspaceRef(key: string) {
  const [row] = await h.database.db.select().from(workspaces).where(eq(workspaces.key, key));
  return { id: row!.id, key: row!.key };
}

async function projectRef(key: string) {
  const [row] = await h.database.db.select().from(projects).where(eq(projects.key, key));
  return { id: row!.id, key: row!.key };
}

/** Runs the producer the way a code host, directory or system flow does: inside its own transaction. */
async function produce(ctx: Ctx, inputs: AccessChangeInput[]) {
  await ctx.db.transaction(async (tx) => {
    for (const input of inputs) await recordAccessChange({ ...ctx, db: tx }, input);
  });
}

beforeAll(async () => {
  h = await Harness.start();
  [wsAdmin, member, outsider, alice, bob, carol, dave] = await Promise.all([
    h.user(),
    h.user(),
    h.user(),
    h.user(),
    h.user(),
    h.user(),
    h.user(),
  ]);
  // Phase 0: the server admin creates the workspace (owner) and adds wsAdmin and member.
  mark.push(h.clock.now());
  ws = await h.workspace([
    [wsAdmin, 'admin'],
    [member, 'member'],
  ]);
  projectP = await h.project(ws);
  projectQ = await h.project(ws);
  const members = `/v1/workspaces/${ws}/members`;
  const projectMembers = (p: string) => `/v1/projects/${enc(p)}/members`;
  // Phase 1: alice joins the workspace.
  nextPhase();
  await ok(h.request('POST', members, { as: wsAdmin, body: { user_id: alice.id, role: 'member' } }), 201);
  // Phase 2: alice becomes a writer on P.
  nextPhase();
  await ok(
    h.request('POST', projectMembers(projectP), {
      as: wsAdmin,
      query: { workspace_key: ws },
      body: { user_id: alice.id, role: 'writer' },
    }),
    201,
  );
  // Phase 3: alice is demoted to reader on P.
  nextPhase();
  await ok(
    h.request('PATCH', `${projectMembers(projectP)}/${alice.id}`, {
      as: wsAdmin,
      query: { workspace_key: ws },
      body: { role: 'reader' },
    }),
    200,
  );
  // Phase 4: bob joins the workspace, P (writer) and Q (reader).
  nextPhase();
  await ok(h.request('POST', members, { as: wsAdmin, body: { email: bob.email, role: 'member' } }), 201);
  await ok(
    h.request('POST', projectMembers(projectP), {
      as: wsAdmin,
      query: { workspace_key: ws },
      body: { user_id: bob.id, role: 'writer' },
    }),
    201,
  );
  await ok(
    h.request('POST', projectMembers(projectQ), {
      as: wsAdmin,
      query: { workspace_key: ws },
      body: { user_id: bob.id, role: 'reader' },
    }),
    201,
  );
  // Phase 5: bob is removed from the workspace, and with it from P and Q (one batch).
  nextPhase();
  await ok(h.request('DELETE', `${members}/${bob.id}`, { as: wsAdmin }), 204);
  // Phase 6: a code host permission sync (the internal producer, one transaction, one batch id).
  nextPhase();
  const wsRef = await workspaceRef(ws);
  const pRef = await projectRef(projectP);
  const ctx = h.ctxFor(h.admin);
  await produce(ctx, [
    {
      workspace: wsRef,
      project: pRef,
      targetUserId: alice.id,
      oldRole: 'reader',
      newRole: 'writer',
      source: 'codehost',
      correlationId: CODEHOST_BATCH,
      evidence: EVIDENCE,
    },
    {
      workspace: wsRef,
      project: pRef,
      targetUserId: carol.id,
      oldRole: null,
      newRole: 'writer',
      source: 'codehost',
      correlationId: CODEHOST_BATCH,
      evidence: EVIDENCE,
    },
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
  all = await allPages({});
});
afterAll(() => h.close());

const line = (e: AccessEvent) =>
  `${e.source} ${e.change} ${e.project_key ?? 'workspace'} ${e.target_user.email} ${e.old_role}->${e.new_role}`;

describe('GET /v1/audit/access-timeline', () => {
  it('answers every access change of the workspace, newest first', async () => {
    const body = await timeline({});
    expect(body.next_cursor).toBeNull();
    expect(ids(body.items)).toEqual(ids(all));
    const lines = all.map(line);
    // Bob's project removals belong to one removal; their relative order is not specified.
    expect([...lines.slice(5, 7)].sort()).toEqual(
      [
        `manual remove ${projectP} ${bob.email} WRITER->null`,
        `manual remove ${projectQ} ${bob.email} READER->null`,
      ].sort(),
    );
    expect([...lines.slice(0, 5), ...lines.slice(7)]).toEqual([
      `system remove workspace ${dave.email} MEMBER->null`,
      `oidc add workspace ${dave.email} null->MEMBER`,
      `codehost add ${projectP} ${carol.email} null->WRITER`,
      `codehost change ${projectP} ${alice.email} READER->WRITER`,
      `manual remove workspace ${bob.email} MEMBER->null`,
      `manual add ${projectQ} ${bob.email} null->READER`,
      `manual add ${projectP} ${bob.email} null->WRITER`,
      `manual add workspace ${bob.email} null->MEMBER`,
      `manual change ${projectP} ${alice.email} WRITER->READER`,
      `manual add ${projectP} ${alice.email} null->WRITER`,
      `manual add workspace ${alice.email} null->MEMBER`,
      `manual add workspace ${member.email} null->MEMBER`,
      `manual add workspace ${wsAdmin.email} null->ADMIN`,
      `manual add workspace ${h.admin.email} null->OWNER`,
    ]);
    for (let i = 1; i < all.length; i++) {
      expect(all[i - 1]!.id > all[i]!.id).toBe(true);
      expect(all[i - 1]!.created_at >= all[i]!.created_at).toBe(true);
    }
    expect(all.every((e) => e.workspace_key === ws)).toBe(true);
  });

  it('answers every field of an event, with a summary naming actor, target and role', async () => {
    const added = all.find(
      (e) => e.change === 'add' && e.target_user.id === alice.id && e.project_key === projectP,
    )!;
    expect(added).toEqual({
      id: expect.stringMatching(/^aud_/),
      created_at: expect.any(String),
      action: 'access.project_member.added',
      summary: expect.any(String),
      source: 'manual',
      change: 'add',
      actor: { user_id: wsAdmin.id, email: wsAdmin.email, system: null },
      target_user: { id: alice.id, email: alice.email },
      workspace_key: ws,
      project_key: projectP,
      old_role: null,
      new_role: 'WRITER',
      correlation_id: null,
      evidence: null,
      params: {
        source: 'manual',
        target_user_id: alice.id,
        old_role: null,
        new_role: 'WRITER',
        workspace_key: ws,
        project_key: projectP,
      },
    });
    expect(added.summary).toContain('added');
    expect(added.summary).toContain(alice.email);
    expect(added.summary).toContain(wsAdmin.email);
    expect(added.summary).toContain('WRITER');
    expect(added.summary).toContain(projectP);
    expect(new Date(added.created_at).getTime()).toBeGreaterThanOrEqual(mark[2]!.getTime());
    expect(new Date(added.created_at).getTime()).toBeLessThan(mark[3]!.getTime());

    const changed = all.find((e) => e.change === 'change' && e.source === 'manual')!;
    expect(changed).toMatchObject({
      action: 'access.project_member.role_changed',
      old_role: 'WRITER',
      new_role: 'READER',
      target_user: { id: alice.id, email: alice.email },
    });
    expect(changed.summary).toContain('changed');
    expect(changed.summary).toMatch(/WRITER.*READER/);
    expect(changed.summary).toContain(alice.email);

    const removed = all.find(
      (e) => e.change === 'remove' && e.project_key === null && e.source === 'manual',
    )!;
    expect(removed).toMatchObject({
      action: 'access.workspace_member.removed',
      old_role: 'MEMBER',
      new_role: null,
      target_user: { id: bob.id, email: bob.email },
      actor: { user_id: wsAdmin.id, email: wsAdmin.email, system: null },
    });
    expect(removed.summary).toContain('removed');
    expect(removed.summary).toContain(bob.email);
    expect(removed.summary).toContain('MEMBER');
    expect(removed.summary).toContain(ws);

    const creation = all[all.length - 1]!;
    expect(creation).toMatchObject({
      action: 'access.workspace_member.added',
      new_role: 'OWNER',
      actor: { user_id: h.admin.id, email: h.admin.email },
      evidence: { reason: 'workspace_created' },
    });
  });

  it('is the same entry as in the audit log', async () => {
    const log = await h.request('GET', '/v1/audit-logs', {
      as: wsAdmin,
      query: { workspace_key: ws, action_prefix: 'access.', limit: '200' },
    });
    const entries = log.json().items as Array<{
      id: string;
      action: string;
      created_at: string;
      correlation_id: string | null;
      target: { params: Record<string, unknown> };
    }>;
    expect(entries.map((e) => e.id)).toEqual(ids(all));
    for (const [i, e] of entries.entries()) {
      expect({
        action: e.action,
        created_at: e.created_at,
        correlation_id: e.correlation_id,
        params: e.target.params,
      }).toEqual({
        action: all[i]!.action,
        created_at: all[i]!.created_at,
        correlation_id: all[i]!.correlation_id,
        params: all[i]!.params,
      });
    }
  });

  it('groups the entries of one removal under one correlation id', async () => {
    const bobRemovals = all.filter((e) => e.target_user.id === bob.id && e.change === 'remove');
    expect(bobRemovals).toHaveLength(3);
    const correlation = bobRemovals[0]!.correlation_id;
    expect(correlation).toMatch(/^cor_/);
    expect(bobRemovals.every((e) => e.correlation_id === correlation)).toBe(true);
    expect(all.filter((e) => e.correlation_id === correlation)).toHaveLength(3);
    expect(bobRemovals.every((e) => e.params.correlation_id === correlation)).toBe(true);
  });

  it('shows the events of the internal producer with their source, batch id and evidence', async () => {
    const codehost = await allPages({ source: 'codehost' });
    expect(codehost).toHaveLength(2);
    expect(codehost.map(line)).toEqual([
      `codehost add ${projectP} ${carol.email} null->WRITER`,
      `codehost change ${projectP} ${alice.email} READER->WRITER`,
    ]);
    for (const e of codehost) {
      expect(e).toMatchObject({
        correlation_id: CODEHOST_BATCH,
        evidence: EVIDENCE,
        workspace_key: ws,
        project_key: projectP,
        actor: { user_id: h.admin.id, email: h.admin.email, system: null },
        params: {
          source: 'codehost',
          target_user_id: e.target_user.id,
          workspace_key: ws,
          project_key: projectP,
          correlation_id: CODEHOST_BATCH,
          evidence: EVIDENCE,
        },
      });
    }
    expect(codehost[0]!.action).toBe('access.project_member.added');
    expect(codehost[1]!.action).toBe('access.project_member.role_changed');
    expect(codehost[1]!.summary).toContain('changed');
    expect(codehost[1]!.summary).toMatch(/READER.*WRITER/);
    // A system actor is named as such in the summary.
    const [oidc] = await allPages({ source: 'oidc' });
    expect(oidc).toMatchObject({
      actor: { user_id: null, email: null, system: 'oidc-sync' },
      target_user: { id: dave.id, email: dave.email },
      correlation_id: 'dirsync-1',
      evidence: { group: 'engineering' },
      project_key: null,
      new_role: 'MEMBER',
    });
    expect(oidc!.summary).toContain('system');
    expect(oidc!.summary).toContain('oidc-sync');
    expect(oidc!.summary).toContain(dave.email);
    const [system] = await allPages({ source: 'system' });
    expect(system).toMatchObject({
      change: 'remove',
      actor: { system: 'cleanup' },
      correlation_id: null,
      evidence: null,
    });
    // The chain stays intact with entries from every producer.
    const verify = await h.request('GET', '/v1/audit/verify', { as: wsAdmin, query: { workspace_key: ws } });
    expect(verify.json()).toMatchObject({ intact: true, first_break: null });
  });

  it('records nothing when the transaction of the producer rolls back', async () => {
    const other = await h.workspace([[wsAdmin, 'admin']]);
    const ref = await workspaceRef(other);
    const ctx = h.ctxFor(h.admin);
    const before = (await h.request('GET', URL, { as: wsAdmin, query: { workspace_key: other } })).json()
      .items;
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAccessChange(
          { ...ctx, db: tx },
          {
            workspace: ref,
            targetUserId: alice.id,
            oldRole: null,
            newRole: 'member',
            source: 'codehost',
            correlationId: 'rolled-back',
          },
        );
        throw new Error('sync failed');
      }),
    ).rejects.toThrow('sync failed');
    const after = (await h.request('GET', URL, { as: wsAdmin, query: { workspace_key: other } })).json()
      .items;
    expect(after).toEqual(before);
    const verify = await h.request('GET', '/v1/audit/verify', {
      as: wsAdmin,
      query: { workspace_key: other },
    });
    expect(verify.json()).toMatchObject({ intact: true, entries_checked: before.length + 1 });
    // The next change continues the chain where it was.
    await produce(ctx, [
      { workspace: ref, targetUserId: alice.id, oldRole: null, newRole: 'member', source: 'codehost' },
    ]);
    const again = await h.request('GET', '/v1/audit/verify', {
      as: wsAdmin,
      query: { workspace_key: other },
    });
    expect(again.json()).toMatchObject({ intact: true, entries_checked: before.length + 2 });
  });

  it('filters by project, target user, source and action', async () => {
    const cases: Array<[Record<string, string>, (e: AccessEvent) => boolean, number]> = [
      [{ project_key: projectP }, (e) => e.project_key === projectP, 6],
      [{ project_key: projectQ }, (e) => e.project_key === projectQ, 2],
      [{ project_key: 'codehost:acme/none' }, () => false, 0],
      [{ user_id: alice.id }, (e) => e.target_user.id === alice.id, 4],
      [{ user_id: bob.id }, (e) => e.target_user.id === bob.id, 6],
      [{ user_id: outsider.id }, () => false, 0],
      [{ user_id: 'usr_00000000000000000000000000' }, () => false, 0],
      [{ source: 'manual' }, (e) => e.source === 'manual', 12],
      [{ source: 'codehost' }, (e) => e.source === 'codehost', 2],
      [{ source: 'oidc' }, (e) => e.source === 'oidc', 1],
      [{ source: 'system' }, (e) => e.source === 'system', 1],
      [{ action: 'add' }, (e) => e.change === 'add', 10],
      [{ action: 'change' }, (e) => e.change === 'change', 2],
      [{ action: 'remove' }, (e) => e.change === 'remove', 4],
      [
        { project_key: projectP, action: 'change' },
        (e) => e.project_key === projectP && e.change === 'change',
        2,
      ],
      [
        { project_key: projectP, action: 'change', source: 'manual' },
        (e) => e.project_key === projectP && e.change === 'change' && e.source === 'manual',
        1,
      ],
      [
        { user_id: bob.id, action: 'remove', project_key: projectQ },
        (e) => e.target_user.id === bob.id && e.change === 'remove' && e.project_key === projectQ,
        1,
      ],
    ];
    for (const [query, keep, n] of cases) {
      const items = await allPages(query);
      expect(ids(items), JSON.stringify(query)).toEqual(ids(all.filter(keep)));
      expect(items.length, JSON.stringify(query)).toBe(n);
    }
    expect(all.filter((e) => e.change === 'change').map((e) => e.action)).toEqual([
      'access.project_member.role_changed',
      'access.project_member.role_changed',
    ]);
  });

  it('filters by date range, both ends inclusive', async () => {
    const inPhases = (from: number, to: number) => (e: AccessEvent) => {
      const t = new Date(e.created_at).getTime();
      return t >= mark[from]!.getTime() && t < mark[to]!.getTime();
    };
    const iso = (d: Date) => d.toISOString();
    const before = (d: Date) => new Date(d.getTime() - 1).toISOString();
    const cases: Array<[Record<string, string>, (e: AccessEvent) => boolean, number]> = [
      [{ from: iso(mark[3]!), to: before(mark[5]!) }, inPhases(3, 5), 4],
      [{ from: iso(mark[6]!) }, inPhases(6, 8), 4],
      [{ to: before(mark[1]!) }, inPhases(0, 1), 3],
      [{ from: iso(mark[1]!), to: before(mark[2]!) }, inPhases(1, 2), 1],
      [{ from: iso(mark[5]!), to: before(mark[6]!), source: 'manual' }, inPhases(5, 6), 3],
      [{ from: iso(mark[8]!) }, () => false, 0],
      [{ to: '2000-01-01T00:00:00Z' }, () => false, 0],
    ];
    for (const [query, keep, n] of cases) {
      const items = await allPages(query);
      expect(ids(items), JSON.stringify(query)).toEqual(ids(all.filter(keep)));
      expect(items.length, JSON.stringify(query)).toBe(n);
    }
    // Exact timestamps: an event at `from` or at `to` is included.
    const [e6, e5] = all.filter(
      (e) => e.target_user.id === alice.id && e.project_key === projectP && e.source === 'manual',
    );
    expect(ids(await allPages({ from: e5!.created_at, to: e6!.created_at }))).toEqual([e6!.id, e5!.id]);
    expect(ids(await allPages({ from: e5!.created_at, to: e5!.created_at }))).toEqual([e5!.id]);
    // An offset other than Z names the same instant.
    const plus2 = new Date(mark[6]!.getTime() + 2 * HOUR).toISOString().replace('Z', '+02:00');
    expect(ids(await allPages({ from: plus2 }))).toEqual(ids(all.filter(inPhases(6, 8))));
  });

  it('pages with limit and cursor: no duplicates, no gaps', async () => {
    for (const limit of [1, 2, 3, 5, all.length - 1, all.length, all.length + 1]) {
      expect(ids(await allPages({}, limit)), `limit ${limit}`).toEqual(ids(all));
    }
    const manual = all.filter((e) => e.source === 'manual');
    expect(ids(await allPages({ source: 'manual' }, 2))).toEqual(ids(manual));
    expect(ids(await allPages({ user_id: bob.id, from: mark[4]!.toISOString() }, 1))).toEqual(
      ids(all.filter((e) => e.target_user.id === bob.id)),
    );
    const first = await timeline({ limit: '3' });
    expect(first.items).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const exact = await timeline({ limit: String(all.length) });
    expect(exact.next_cursor).toBeNull();
    // The default page size (50) holds the whole story.
    expect((await timeline({})).items).toHaveLength(all.length);
  });

  it('never shows the events of another workspace', async () => {
    const other = await h.workspace([
      [wsAdmin, 'admin'],
      [alice, 'member'],
    ]);
    const project = await h.project(other, [[alice, 'writer']]);
    expect(ids(await allPages({}))).toEqual(ids(all));
    expect(await allPages({ project_key: project })).toEqual([]);
    const theirs = (
      await h.request('GET', URL, { as: wsAdmin, query: { workspace_key: other, user_id: alice.id } })
    ).json().items as AccessEvent[];
    expect(theirs.map((e) => e.project_key)).toEqual([project, null]);
    expect(theirs.every((e) => e.workspace_key === other)).toBe(true);
  });

  it('is for workspace admins: 401 without a key, 404 outside, 403 for members', async () => {
    const call = { method: 'GET' as const, url: URL, query: { workspace_key: ws } };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectForbiddenFor(h, member, call);
    await expectForbiddenFor(h, member, { ...call, query: { workspace_key: ws, user_id: member.id } });
    await expectHiddenFrom(h, wsAdmin, { ...call, query: { workspace_key: 'no-such-workspace' } });
    // A server admin who is not a member sees it.
    const res = await h.request('GET', URL, { as: h.admin, query: { workspace_key: ws } });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().items)).toEqual(ids(all));
  });

  it('rejects bad input with the field path and never fails with 5xx', async () => {
    const q = (query: Record<string, string>) =>
      h.request('GET', URL, { as: wsAdmin, query: { workspace_key: ws, ...query } });
    expectInvalid(await h.request('GET', URL, { as: wsAdmin }), 'query.workspace_key');
    expectInvalid(
      await h.request('GET', URL, { as: h.admin, query: { source: 'manual' } }),
      'query.workspace_key',
    );
    expectInvalid(await q({ workspace_key: '' }), 'query.workspace_key');
    expectInvalid(await q({ source: 'bogus' }), 'query.source');
    expectInvalid(await q({ source: 'MANUAL' }), 'query.source');
    expectInvalid(await q({ source: 'github' }), 'query.source');
    expectInvalid(await q({ action: 'x' }), 'query.action');
    expectInvalid(await q({ action: 'added' }), 'query.action');
    expectInvalid(await q({ from: 'yesterday' }), 'query.from');
    expectInvalid(await q({ to: 'yesterday' }), 'query.to');
    expectInvalid(await q({ from: '2024-13-01T00:00:00Z' }), 'query.from');
    expectInvalid(await q({ from: '1700000000000' }), 'query.from');
    expectInvalid(await q({ from: mark[5]!.toISOString(), to: mark[4]!.toISOString() }), 'query.from');
    expectInvalid(await q({ user_id: 'nope' }), 'query.user_id');
    expectInvalid(await q({ user_id: alice.email }), 'query.user_id');
    expectInvalid(await q({ project_key: 'not a project' }), 'query.project_key');
    expectInvalid(await q({ project_key: 'codehost:acme/../x' }), 'query.project_key');
    for (const limit of ['0', '201', 'abc', '-5', '2.5']) expectInvalid(await q({ limit }), 'query.limit');
    expectInvalid(await q({ cursor: 'garbage' }), 'query.cursor');
    expectInvalid(await q({ correlation_id: CODEHOST_BATCH }), 'query');
    const repeated = await h.request('GET', `${URL}?workspace_key=${ws}&source=manual&source=oidc`, {
      as: wsAdmin,
    });
    expectError(repeated, 400, 'validation_failed');
    for (const hostile of HOSTILE_STRINGS) {
      for (const field of [
        'workspace_key',
        'project_key',
        'user_id',
        'source',
        'action',
        'from',
        'to',
        'cursor',
      ]) {
        const res = await q({ [field]: hostile });
        expect(res.statusCode, `${field}=${hostile.slice(0, 20)}`).toBe(400);
      }
    }
    expect(ids((await timeline({})).items)).toEqual(ids(all));
  });
});
