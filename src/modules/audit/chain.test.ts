import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { appendAudit } from './append-audit.ts';
import { entryHash } from './chain-hash.ts';
import { accessEvents, auditLog } from './table.ts';

interface Entry {
  id: string;
  seq: number;
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  prev_hash: string | null;
  hash: string;
}

interface Report {
  intact: boolean;
  entries_checked: number;
  head_seq: number;
  first_break: { seq: number; id: string | null; reason: string; message: string } | null;
}

let h: Harness;
let wsAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let alice: TestUser;

const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;

async function verify(workspaceKey?: string, as: TestUser = h.admin): Promise<Report> {
  const res = await h.request('GET', '/v1/audit/verify', {
    as,
    ...(workspaceKey ? { query: { workspace_key: workspaceKey } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}

/** All entries of a log in chain order (oldest first). */
async function chainOf(workspaceKey?: string): Promise<Entry[]> {
  const items: Entry[] = [];
  let cursor: string | null = null;
  do {
    const res = await h.request('GET', '/v1/audit-logs', {
      as: h.admin,
      query: {
        limit: '200',
        ...(workspaceKey ? { workspace_key: workspaceKey } : {}),
        ...(cursor ? { cursor } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().items);
    cursor = res.json().next_cursor;
  } while (cursor);
  return items.reverse();
}

async function rowCounts() {
  const [log] = await h.database.db.select({ n: count() }).from(auditLog);
  const [events] = await h.database.db.select({ n: count() }).from(accessEvents);
  return { log: log!.n, events: events!.n };
}

/** Runs SQL with the append-only triggers off, as someone with direct database access could. */
async function tamper(sql: string): Promise<void> {
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

const patchName = async (ws: string, name: string) => {
  const res = await h.request('PATCH', `/v1/workspaces/${ws}`, { as: wsAdmin, body: { name } });
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * A workspace with ten entries: 1 workspace.created, 2-3 owner and admin added, 4 project.created,
 * 5-6 settings, 7 alice added, 8 alice added to the project, 9 her project role changed, 10 settings.
 */
async function busyWorkspace(): Promise<string> {
  const ws = await h.workspace([[wsAdmin, 'admin']]);
  const project = await h.project(ws);
  await patchName(ws, 'one');
  await patchName(ws, 'two');
  const add = await h.request('POST', `/v1/workspaces/${ws}/members`, {
    as: wsAdmin,
    body: { user_id: alice.id, role: 'member' },
  });
  expect(add.statusCode, add.body).toBe(201);
  const addToProject = await h.request('POST', `/v1/projects/${enc(project)}/members`, {
    as: wsAdmin,
    query: { workspace_key: ws },
    body: { user_id: alice.id, role: 'writer' },
  });
  expect(addToProject.statusCode, addToProject.body).toBe(201);
  const change = await h.request('PATCH', `/v1/projects/${enc(project)}/members/${alice.id}`, {
    as: wsAdmin,
    query: { workspace_key: ws },
    body: { role: 'reader' },
  });
  expect(change.statusCode, change.body).toBe(200);
  await patchName(ws, 'three');
  return ws;
}

beforeAll(async () => {
  h = await Harness.start();
  [wsAdmin, member, outsider, alice] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
});
afterAll(() => h.close());

describe('append-only storage', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_log and access_events, even for the owner', async () => {
    const ws = await busyWorkspace();
    const before = await rowCounts();
    expect(before.log).toBeGreaterThan(0);
    expect(before.events).toBeGreaterThan(0);
    const refused = [
      "UPDATE audit_log SET action = 'x.changed'",
      "UPDATE audit_log SET params = '{}'::jsonb WHERE seq = 1",
      'DELETE FROM audit_log',
      `DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)`,
      'TRUNCATE audit_log, access_events',
      'TRUNCATE audit_log CASCADE',
      "UPDATE access_events SET source = 'system'",
      'DELETE FROM access_events',
      'TRUNCATE access_events',
    ];
    for (const sql of refused) {
      await expect(h.database.raw(sql), sql).rejects.toThrow(/append-only/);
    }
    // Plain TRUNCATE of the log fails too (access_events refers to it).
    await expect(h.database.raw('TRUNCATE audit_log')).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
    const report = await verify(ws);
    expect(report).toMatchObject({ intact: true, entries_checked: 10, first_break: null });
    expect((await verify()).intact).toBe(true);
    // The app still appends after the refused attempts.
    await patchName(ws, 'after');
    expect(await verify(ws)).toMatchObject({ intact: true, entries_checked: 11, head_seq: 11 });
  });
});

describe('GET /v1/audit/verify', () => {
  it('reports an intact chain after a series of changes', async () => {
    const ws = await busyWorkspace();
    const entries = await chainOf(ws);
    expect(entries).toHaveLength(10);
    expect(await verify(ws)).toEqual({
      intact: true,
      entries_checked: entries.length,
      head_seq: entries.length,
      first_break: null,
    });
    // A workspace admin may verify too.
    expect(await verify(ws, wsAdmin)).toMatchObject({ intact: true, entries_checked: 10 });
  });

  it('keeps one chain per workspace, each starting at seq 1 with no previous hash', async () => {
    const a = await h.workspace();
    const b = await h.workspace([[alice, 'member']]);
    for (const [ws, length] of [
      [a, 2],
      [b, 3],
    ] as const) {
      const entries = await chainOf(ws);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length }, (_, i) => i + 1));
      expect(entries[0]).toMatchObject({ action: 'workspace.created', prev_hash: null });
      for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
      expect(await verify(ws)).toEqual({
        intact: true,
        entries_checked: length,
        head_seq: length,
        first_break: null,
      });
    }
    // Changes in one workspace do not move the other's chain.
    await patchName(await h.workspace([[wsAdmin, 'admin']], { key: `${a}-x` }), 'x');
    expect((await verify(a)).head_seq).toBe(2);
  });

  it('finds an entry whose params were changed behind the app', async () => {
    const ws = await busyWorkspace();
    const entries = await chainOf(ws);
    const victim = entries[5]!; // seq 6, a settings change
    expect(victim.seq).toBe(6);
    await tamper(
      `UPDATE audit_log SET params = params || '{"reason":"nothing to see"}'::jsonb WHERE id = ${sqlText(victim.id)}`,
    );
    const report = await verify(ws);
    expect(report).toEqual({
      intact: false,
      entries_checked: 5,
      head_seq: 10,
      first_break: { seq: 6, id: victim.id, reason: 'hash_mismatch', message: expect.any(String) },
    });
    // The log shows the changed entry as stored; only verify reveals the change.
    const shown = (await chainOf(ws))[5]!;
    expect(shown.target.params.reason).toBe('nothing to see');
    expect(shown.hash).toBe(victim.hash);
  });

  it('finds a change to any hashed column, and an intact chain again once it is undone', async () => {
    const ws = await h.workspace([[alice, 'member']]);
    const victim = (await chainOf(ws))[1]!;
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    const changes: Array<[string, string]> = [
      ['action', `'access.workspace_member.removed'`],
      ['actor_user_id', sqlText(alice.id)],
      ['system_actor', `'codehost'`],
      ['target_id', `'ws_other'`],
      ['target_type', `'project'`],
      ['workspace_id', `'ws_other'`],
      ['correlation_id', `'cor_x'`],
      ['request_id', `'req_forged'`],
      ['created_at', `created_at + interval '1 millisecond'`],
      ['metadata', `'{"note":"x"}'::jsonb`],
      ['params', `jsonb_set(params, '{new_role}', '"ADMIN"')`],
      ['hash', `'${'0'.repeat(64)}'`],
    ];
    const originals: Record<string, string> = {
      action: sqlText(row!.action),
      actor_user_id: row!.actorUserId ? sqlText(row!.actorUserId) : 'NULL',
      system_actor: row!.systemActor ? sqlText(row!.systemActor) : 'NULL',
      target_id: row!.targetId ? sqlText(row!.targetId) : 'NULL',
      target_type: sqlText(row!.targetType),
      workspace_id: sqlText(row!.workspaceId!),
      correlation_id: row!.correlationId ? sqlText(row!.correlationId) : 'NULL',
      request_id: row!.requestId ? sqlText(row!.requestId) : 'NULL',
      created_at: `created_at - interval '1 millisecond'`,
      metadata: `${sqlText(JSON.stringify(row!.metadata))}::jsonb`,
      params: `${sqlText(JSON.stringify(row!.params))}::jsonb`,
      hash: sqlText(row!.hash),
    };
    for (const [column, value] of changes) {
      await tamper(`UPDATE audit_log SET ${column} = ${value} WHERE id = ${sqlText(victim.id)}`);
      const report = await verify(ws);
      expect(report.first_break, column).toMatchObject({ seq: 2, id: victim.id, reason: 'hash_mismatch' });
      expect(report.intact, column).toBe(false);
      await tamper(`UPDATE audit_log SET ${column} = ${originals[column]} WHERE id = ${sqlText(victim.id)}`);
      expect((await verify(ws)).intact, `${column} restored`).toBe(true);
    }
  });

  it('finds a changed entry even when its own hash was recomputed to match', async () => {
    const ws = await busyWorkspace();
    const victim = (await chainOf(ws))[6]!; // seq 7, alice added
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    const forged = { ...row!, params: { ...row!.params, new_role: 'OWNER' } };
    await tamper(
      `UPDATE audit_log SET params = ${sqlText(JSON.stringify(forged.params))}::jsonb, ` +
        `hash = ${sqlText(entryHash(forged))} WHERE id = ${sqlText(victim.id)}`,
    );
    const report = await verify(ws);
    expect(report.intact).toBe(false);
    expect(report.first_break).toMatchObject({ seq: 8, reason: 'prev_hash_mismatch' });
    expect(report.entries_checked).toBe(7);
  });

  it('finds a deleted entry in the middle of the chain', async () => {
    const ws = await busyWorkspace();
    const entries = await chainOf(ws);
    await tamper(`DELETE FROM audit_log WHERE id = ${sqlText(entries[4]!.id)}`); // seq 5, settings
    const report = await verify(ws);
    expect(report.intact).toBe(false);
    expect(report.entries_checked).toBe(4);
    expect(report.first_break).toMatchObject({ seq: 6, id: entries[5]!.id });
    expect(['sequence_gap', 'prev_hash_mismatch']).toContain(report.first_break!.reason);
  });

  it('finds a deleted access entry (with its timeline row) and a deleted first entry', async () => {
    const ws = await busyWorkspace();
    const entries = await chainOf(ws);
    const access = entries[6]!; // seq 7, alice added
    expect(access.action).toBe('access.workspace_member.added');
    await tamper(
      `DELETE FROM access_events WHERE audit_id = ${sqlText(access.id)}; ` +
        `DELETE FROM audit_log WHERE id = ${sqlText(access.id)};`,
    );
    expect((await verify(ws)).first_break).toMatchObject({ seq: 8, id: entries[7]!.id });

    const other = await h.workspace([[alice, 'member']]);
    const first = (await chainOf(other))[0]!;
    await tamper(`DELETE FROM audit_log WHERE id = ${sqlText(first.id)}`);
    const report = await verify(other);
    expect(report).toMatchObject({ intact: false, entries_checked: 0 });
    expect(report.first_break).toMatchObject({ seq: 2, reason: 'sequence_gap' });
  });

  it('finds entries deleted at the end of the chain, and still does after later appends', async () => {
    const ws = await busyWorkspace();
    const entries = await chainOf(ws);
    const last = entries[entries.length - 1]!;
    expect(last).toMatchObject({ seq: 10, action: 'workspace_settings.updated' });
    await tamper(`DELETE FROM audit_log WHERE id = ${sqlText(last.id)}`);
    expect(await verify(ws)).toEqual({
      intact: false,
      entries_checked: 9,
      head_seq: 10,
      first_break: { seq: 10, id: null, reason: 'head_mismatch', message: expect.any(String) },
    });
    await patchName(ws, 'later');
    const later = await verify(ws);
    expect(later.intact).toBe(false);
    expect(later.head_seq).toBe(11);
    expect(later.first_break).toMatchObject({ seq: 11 });
    expect(['sequence_gap', 'prev_hash_mismatch']).toContain(later.first_break!.reason);
  });

  it('finds an entry inserted behind the app past the head of the chain', async () => {
    const ws = await h.workspace([[alice, 'member']]);
    const entries = await chainOf(ws);
    const last = entries[entries.length - 1]!;
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, last.id));
    const forged = {
      ...row!,
      id: `${row!.id.slice(0, -1)}Z`,
      seq: row!.seq + 1,
      action: 'access.workspace_member.role_changed',
      params: { ...row!.params, old_role: 'MEMBER', new_role: 'OWNER' },
      prevHash: row!.hash,
    };
    // INSERT is the one thing the triggers allow; the forged entry even carries a valid hash.
    await h.database.raw(
      `INSERT INTO audit_log (id, chain, seq, workspace_id, action, target_type, target_id, params, metadata,
         actor_user_id, system_actor, correlation_id, request_id, created_at, prev_hash, hash)
       SELECT ${sqlText(forged.id)}, chain, seq + 1, workspace_id, ${sqlText(forged.action)}, target_type,
         target_id, ${sqlText(JSON.stringify(forged.params))}::jsonb, metadata, actor_user_id, system_actor,
         correlation_id, request_id, created_at, hash, ${sqlText(entryHash(forged))}
       FROM audit_log WHERE id = ${sqlText(last.id)}`,
    );
    const report = await verify(ws);
    expect(report.intact).toBe(false);
    expect(report.head_seq).toBe(entries.length);
    expect(report.first_break).toMatchObject({ reason: 'head_mismatch' });
  });

  it('keeps a break in one workspace out of the reports of others', async () => {
    const broken = await busyWorkspace();
    const fine = await busyWorkspace();
    const victim = (await chainOf(broken))[2]!;
    await tamper(`UPDATE audit_log SET action = 'forged' WHERE id = ${sqlText(victim.id)}`);
    expect((await verify(broken)).intact).toBe(false);
    expect(await verify(fine)).toMatchObject({ intact: true, entries_checked: 10 });
    expect((await verify()).intact).toBe(true);
  });

  it('stores and hashes text with lone UTF-16 surrogates consistently (as U+FFFD)', async () => {
    const ws = await h.workspace();
    const workspaceId = (await chainOf(ws))[0]!.target.id!;
    const ctx = h.ctxFor(h.admin);
    // External ids (e.g. a code host delivery id) land in text columns; params land in jsonb.
    await ctx.db.transaction((tx) =>
      appendAudit(
        { ...ctx, db: tx, requestId: 'req-\ud800' },
        {
          workspaceId,
          action: 'test.odd\udc00',
          target: { type: 'test\ud800', id: 'id-\udfff' },
          params: { ['key\ud800']: ['\udc00', { deep: 'x\ud83d' }], fine: '😀' },
          metadata: { note: '\ud800\ud800' },
          correlationId: 'delivery-\ud800',
        },
      ),
    );
    expect(await verify(ws)).toMatchObject({ intact: true, entries_checked: 3 });
    const entry = (await chainOf(ws))[2]! as Entry & {
      correlation_id: string;
      target: { metadata: unknown };
    };
    expect(entry).toMatchObject({
      action: 'test.odd\ufffd',
      correlation_id: 'delivery-\ufffd',
      target: {
        type: 'test\ufffd',
        id: 'id-\ufffd',
        params: { ['key\ufffd']: ['\ufffd', { deep: 'x\ufffd' }], fine: '😀' },
        metadata: { note: '\ufffd\ufffd' },
      },
    });
  });

  it('walks chains longer than one read batch', async () => {
    const ws = await h.workspace();
    const workspaceId = (await chainOf(ws))[0]!.target.id!;
    const ctx = h.ctxFor(h.admin);
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 1_050; i++) {
        await appendAudit(
          { ...ctx, db: tx },
          { workspaceId, action: 'test.bulk', target: { type: 'test', id: String(i) }, params: { i } },
        );
      }
    });
    expect(await verify(ws)).toEqual({
      intact: true,
      entries_checked: 1_052,
      head_seq: 1_052,
      first_break: null,
    });
    await tamper(
      `UPDATE audit_log SET params = '{"i": -1}'::jsonb WHERE chain = ${sqlText(workspaceId)} AND seq = 1040`,
    );
    expect(await verify(ws)).toMatchObject({
      intact: false,
      entries_checked: 1_039,
      first_break: { seq: 1_040, reason: 'hash_mismatch' },
    });
  });

  it('verifies the server-level chain for server admins only', async () => {
    await h.user();
    const entries = await chainOf();
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    const report = await verify();
    expect(report).toEqual({
      intact: true,
      entries_checked: entries.length,
      head_seq: entries.length,
      first_break: null,
    });
    await expectKeyRequired(h, { method: 'GET', url: '/v1/audit/verify' });
    const ws = await h.workspace([
      [wsAdmin, 'admin'],
      [member, 'member'],
    ]);
    for (const user of [wsAdmin, member, outsider]) {
      await expectForbiddenFor(h, user, { method: 'GET', url: '/v1/audit/verify' });
    }
    expect((await verify(ws, wsAdmin)).intact).toBe(true);
  });

  it('is for workspace admins: 401 without a key, 404 outside, 403 for members', async () => {
    const ws = await h.workspace([
      [wsAdmin, 'admin'],
      [member, 'member'],
    ]);
    const call = { method: 'GET' as const, url: '/v1/audit/verify', query: { workspace_key: ws } };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectForbiddenFor(h, member, call);
    await expectHiddenFrom(h, h.admin, { ...call, query: { workspace_key: 'no-such-workspace' } });
  });

  it('rejects bad input with the field path and never fails with 5xx', async () => {
    const ws = await h.workspace([[wsAdmin, 'admin']]);
    const q = (query: Record<string, string>) => h.request('GET', '/v1/audit/verify', { as: wsAdmin, query });
    expectInvalid(await q({ workspace_key: ws, limit: '10' }), 'query');
    expectInvalid(await q({ workspace_key: ws, chain: 'server' }), 'query');
    expectInvalid(await q({ workspace_key: '' }), 'query.workspace_key');
    expectInvalid(await q({ workspace_key: 'UPPER' }), 'query.workspace_key');
    const repeated = await h.request('GET', `/v1/audit/verify?workspace_key=${ws}&workspace_key=${ws}`, {
      as: wsAdmin,
    });
    expectError(repeated, 400, 'validation_failed');
    for (const hostile of HOSTILE_STRINGS) {
      const res = await q({ workspace_key: hostile });
      expect(res.statusCode, hostile.slice(0, 20)).toBe(400);
    }
    expect((await verify(ws, wsAdmin)).intact).toBe(true);
  });
});

describe('concurrent appends', () => {
  it('keeps one gapless chain when 20 membership changes race in one workspace', async () => {
    const ws = await h.workspace([[wsAdmin, 'admin']]);
    const headBefore = (await verify(ws)).head_seq;
    const newcomers = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    const responses = await Promise.all(
      newcomers.map((u, i) =>
        h.request('POST', `/v1/workspaces/${ws}/members`, {
          as: i % 2 === 0 ? wsAdmin : h.admin,
          body: { user_id: u.id, role: 'member' },
        }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);
    const entries = await chainOf(ws);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(entries).toHaveLength(headBefore + 20);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
    const added = entries.slice(headBefore);
    expect(added.every((e) => e.action === 'access.workspace_member.added')).toBe(true);
    expect(new Set(added.map((e) => e.target.params.target_user_id))).toEqual(
      new Set(newcomers.map((u) => u.id)),
    );
    expect(await verify(ws)).toEqual({
      intact: true,
      entries_checked: headBefore + 20,
      head_seq: headBefore + 20,
      first_break: null,
    });
  });

  it('keeps every chain intact when changes race across workspaces and the server log', async () => {
    const [a, b] = [await h.workspace([[wsAdmin, 'admin']]), await h.workspace([[wsAdmin, 'admin']])];
    const users = await Promise.all(Array.from({ length: 8 }, () => h.user()));
    const calls = [
      ...users.map((u) =>
        h.request('POST', `/v1/workspaces/${a}/members`, {
          as: wsAdmin,
          body: { user_id: u.id, role: 'member' },
        }),
      ),
      ...users.map((u) =>
        h.request('POST', `/v1/workspaces/${b}/members`, {
          as: wsAdmin,
          body: { user_id: u.id, role: 'admin' },
        }),
      ),
      ...users.map((u) => h.request('POST', '/v1/api-keys', { as: u, body: { label: 'race' } })),
      ...[a, b].map((ws) =>
        h.request('PATCH', `/v1/workspaces/${ws}`, { as: wsAdmin, body: { name: 'raced' } }),
      ),
    ];
    const responses = await Promise.all(calls);
    for (const res of responses) expect(res.statusCode, res.body).toBeLessThan(300);
    for (const ws of [a, b, undefined]) {
      const entries = await chainOf(ws);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      expect(await verify(ws)).toMatchObject({ intact: true, entries_checked: entries.length });
    }
  });

  it('reports an intact chain while entries are being appended at the same time', async () => {
    const ws = await h.workspace([[wsAdmin, 'admin']]);
    const calls: Array<Promise<{ statusCode: number; body: string }>> = [];
    for (let i = 0; i < 30; i++) {
      calls.push(h.request('PATCH', `/v1/workspaces/${ws}`, { as: wsAdmin, body: { name: `name ${i}` } }));
      calls.push(h.request('GET', '/v1/audit/verify', { as: wsAdmin, query: { workspace_key: ws } }));
      calls.push(h.request('GET', '/v1/audit/verify', { as: h.admin }));
      calls.push(h.request('POST', '/v1/api-keys', { as: alice, body: { label: `race ${i}` } }));
    }
    const responses = await Promise.all(calls);
    for (const res of responses) expect(res.statusCode, res.body).toBeLessThan(300);
    const reports = responses.filter((_, i) => i % 4 === 1 || i % 4 === 2).map((r) => JSON.parse(r.body));
    // Each report describes one consistent state of its chain, never a break.
    for (const report of reports) {
      expect(report).toMatchObject({ intact: true, first_break: null });
      expect(report.entries_checked).toBe(report.head_seq);
    }
    expect(await verify(ws)).toMatchObject({ intact: true, entries_checked: 33, head_seq: 33 });
  });

  it('records racing role changes of one member as one consistent story', async () => {
    const ws = await h.workspace([
      [wsAdmin, 'admin'],
      [alice, 'member'],
    ]);
    const roles = [
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
    ];
    const responses = await Promise.all(
      roles.map((role) =>
        h.request('PATCH', `/v1/workspaces/${ws}/members/${alice.id}`, { as: h.admin, body: { role } }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const changes = (await chainOf(ws)).filter((e) => e.action === 'access.workspace_member.role_changed');
    expect(changes.length).toBeGreaterThan(0);
    let role = 'MEMBER';
    for (const e of changes) {
      expect(e.target.params).toMatchObject({ target_user_id: alice.id, old_role: role });
      expect(e.target.params.new_role).not.toBe(role);
      role = e.target.params.new_role as string;
    }
    const members = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: wsAdmin });
    const now = (members.json().items as Array<{ user_id: string; role: string }>).find(
      (m) => m.user_id === alice.id,
    );
    expect(now!.role.toUpperCase()).toBe(role);
    expect((await verify(ws)).intact).toBe(true);
  });
});
