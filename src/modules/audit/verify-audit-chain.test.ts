import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { appendAudit, appendAudits } from './audit-entries.ts';
import {
  busyWorkspace,
  chainOf,
  renameWorkspace,
  sqlText,
  tamper,
  verifyChain,
} from './audit-scenario.fixtures.ts';

const h = useHarness();
let wsAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let alice: TestUser;

beforeAll(async () => {
  [wsAdmin, member, outsider, alice] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
});

describe('GET /v1/audit/verify', () => {
  it('reports an intact chain after a series of changes', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const entries = await chainOf(h, ws);
    expect(entries).toHaveLength(10);
    expect(await verifyChain(h, ws)).toEqual({
      intact: true,
      entries_checked: entries.length,
      head_seq: entries.length,
      first_break: null,
    });
    // A workspace admin may verify too.
    expect(await verifyChain(h, ws, wsAdmin)).toMatchObject({ intact: true, entries_checked: 10 });
  });

  it('keeps one chain per workspace, each starting at seq 1 with no previous hash', async () => {
    const a = await h.workspace();
    const b = await h.workspace([[alice, 'member']]);
    for (const [ws, length] of [
      [a, 2],
      [b, 3],
    ] as const) {
      const entries = await chainOf(h, ws);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length }, (_, i) => i + 1));
      expect(entries[0]).toMatchObject({ action: 'workspace.created', prev_hash: null });
      for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
      expect(await verifyChain(h, ws)).toEqual({
        intact: true,
        entries_checked: length,
        head_seq: length,
        first_break: null,
      });
    }
    // Changes in one workspace do not move the other's chain.
    await renameWorkspace(
      { h, as: wsAdmin, ws: await h.workspace([[wsAdmin, 'admin']], { key: `${a}-x` }) },
      'x',
    );
    expect((await verifyChain(h, a)).head_seq).toBe(2);
  });

  it('stores and hashes text with lone UTF-16 surrogates consistently (as U+FFFD)', async () => {
    const ws = await h.workspace();
    const workspaceId = (await chainOf(h, ws))[0]!.target.id!;
    const ctx = h.ctxFor(h.admin);
    // External ids (e.g. a code host delivery id) land in text columns; params land in jsonb.
    await inTransaction({ ...ctx, requestId: 'req-\ud800' }, (ctx) =>
      appendAudit(ctx, {
        workspaceId,
        action: 'access.workspace_member.added',
        target: { type: 'test\ud800', id: 'id-\udfff' },
        params: {
          source: 'codehost',
          target_user_id: 'usr-\udc00',
          old_role: null,
          new_role: 'MEMBER',
          workspace_key: ws,
          evidence: { ['key\ud800']: ['\udc00', { deep: 'x\ud83d' }], fine: '😀' },
        },
        metadata: { note: '\ud800\ud800' },
        correlationId: 'delivery-\ud800',
      }),
    );
    expect(await verifyChain(h, ws)).toMatchObject({ intact: true, entries_checked: 3 });
    const entry = (await chainOf(h, ws))[2]!;
    expect(entry).toMatchObject({
      action: 'access.workspace_member.added',
      correlation_id: 'delivery-\ufffd',
      target: {
        type: 'test\ufffd',
        id: 'id-\ufffd',
        params: {
          target_user_id: 'usr-\ufffd',
          evidence: { ['key\ufffd']: ['\ufffd', { deep: 'x\ufffd' }], fine: '😀' },
        },
        metadata: { note: '\ufffd\ufffd' },
      },
    });
  });

  it('walks chains longer than one read batch', async () => {
    const ws = await h.workspace();
    const workspaceId = (await chainOf(h, ws))[0]!.target.id!;
    const ctx = h.ctxFor(h.admin);
    // One append of 1,050 entries: hashed one after another, as 1,050 appends would be.
    await inTransaction(ctx, (ctx) =>
      appendAudits(
        ctx,
        Array.from({ length: 1_050 }, (_, i) => ({
          workspaceId,
          action: 'raw.search',
          target: { type: 'test', id: String(i) },
          params: { workspace_key: ws, project_key: 'local:repo/bulk', q: `q${i}`, count: i },
        })),
      ),
    );
    expect(await verifyChain(h, ws)).toEqual({
      intact: true,
      entries_checked: 1_052,
      head_seq: 1_052,
      first_break: null,
    });
    await tamper(
      h,
      `UPDATE audit_log SET params = '{"i": -1}'::jsonb WHERE chain = ${sqlText(workspaceId)} AND seq = 1040`,
    );
    expect(await verifyChain(h, ws)).toMatchObject({
      intact: false,
      entries_checked: 1_039,
      first_break: { seq: 1_040, reason: 'hash_mismatch' },
    });
  });

  it('verifies the server-level chain for server admins only', async () => {
    await h.user();
    const entries = await chainOf(h);
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    const report = await verifyChain(h);
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
    expect((await verifyChain(h, ws, wsAdmin)).intact).toBe(true);
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
    expect((await verifyChain(h, ws, wsAdmin)).intact).toBe(true);
  });
});
