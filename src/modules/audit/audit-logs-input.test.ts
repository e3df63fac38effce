import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { verifyChain, workspaceLog } from './audit-scenario.fixtures.ts';

const h = useHarness();
let wsAdmin: TestUser;
let ws: string;

beforeAll(async () => {
  ({ wsAdmin, ws } = await workspaceLog(h));
});

describe('GET /v1/audit-logs (workspace log)', () => {
  it('answers 400 (never 5xx) for text jsonb cannot hold, and records nothing', async () => {
    const other = await h.workspace([[wsAdmin, 'admin']]);
    const before = await verifyChain(h, other, wsAdmin);
    for (const body of [
      '{"name":"odd \\ud800 name"}',
      '{"name":"fine","reason":"why \\udc00"}',
      '{"name":"fine","reason":"nul \\u0000"}',
    ]) {
      const res = await h.request('PATCH', `/v1/workspaces/${other}`, {
        as: wsAdmin,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, 'validation_failed');
    }
    const after = await verifyChain(h, other, wsAdmin);
    expect(after).toEqual(before);
    expect(after.intact).toBe(true);
  });

  it('rejects bad input with the field path and never fails with 5xx', async () => {
    const q = (query: Record<string, string>) =>
      h.request('GET', '/v1/audit-logs', { as: wsAdmin, query: { workspace_key: ws, ...query } });
    for (const limit of ['0', '201', 'abc', '-1', '1.5', '']) {
      expectInvalid(await q({ limit }), 'query.limit');
    }
    expectInvalid(await q({ cursor: 'garbage' }), 'query.cursor');
    expectInvalid(await q({ cursor: Buffer.from('{"id":5}').toString('base64url') }), 'query.cursor');
    expectInvalid(await q({ cursor: 'x'.repeat(201) }), 'query.cursor');
    expectInvalid(await q({ action_prefix: '' }), 'query.action_prefix');
    expectInvalid(await q({ action_prefix: 'a'.repeat(201) }), 'query.action_prefix');
    expectInvalid(await q({ actor: 'x' }), 'query');
    expectInvalid(await q({ workspace_key: 'Not A Key' }), 'query.workspace_key');
    // An empty workspace_key is a bad key, never the server-level log.
    expectInvalid(await q({ workspace_key: '' }), 'query.workspace_key');
    const repeated = await h.request('GET', `/v1/audit-logs?workspace_key=${ws}&limit=1&limit=2`, {
      as: wsAdmin,
    });
    expectError(repeated, 400, 'validation_failed');
    const repeatedPrefix = await h.request(
      'GET',
      `/v1/audit-logs?workspace_key=${ws}&action_prefix=a&action_prefix=b`,
      { as: wsAdmin },
    );
    expectError(repeatedPrefix, 400, 'validation_failed');
    for (const hostile of HOSTILE_STRINGS) {
      const res = await q({ action_prefix: hostile });
      expect(res.statusCode, hostile.slice(0, 20)).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().items).toEqual([]);
      else expectError(res, 400, 'validation_failed');
      const asCursor = await q({ cursor: hostile });
      expect(asCursor.statusCode, hostile.slice(0, 20)).toBe(400);
      const asKey = await h.request('GET', '/v1/audit-logs', {
        as: wsAdmin,
        query: { workspace_key: hostile },
      });
      expect(asKey.statusCode, hostile.slice(0, 20)).toBe(400);
    }
    // The log is still readable and unchanged in shape afterwards.
    expect((await q({})).statusCode).toBe(200);
  });
});
