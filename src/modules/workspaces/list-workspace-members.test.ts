import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { outsiderWithWorkspace, readTwoAtATime, type Member } from './members.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // member of another workspace only

beforeAll(async () => {
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('GET /v1/workspaces/:key/members', () => {
  it('lists members with user_id, email, name and role to any member', async () => {
    const admin = await h.user({ name: 'Ada' });
    const member = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const res = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: member });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    const expected = [
      { user_id: h.admin.id, email: h.admin.email, role: 'owner' },
      { user_id: admin.id, email: admin.email, name: 'Ada', role: 'admin' },
      { user_id: member.id, email: member.email, name: null, role: 'member' },
    ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(body.items).toMatchObject(expected);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'name', 'role', 'user_id']);
    }
  });

  it('pages with an opaque cursor without overlap', async () => {
    const users = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    const ws = await h.workspace(users.map((u): [TestUser, 'member'] => [u, 'member']));
    const seen = await readTwoAtATime<Member>(h, users[0]!, `/v1/workspaces/${ws}/members`);
    expect(seen.map((m) => m.user_id)).toEqual([h.admin.id, ...users.map((u) => u.id)].sort());
  });

  it('is hidden from non-members and needs a key', async () => {
    const ws = await h.workspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/members` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, url: `/v1/workspaces/${h.uniq('nope')}/members` });
  });

  it('rejects bad paging input', async () => {
    const ws = await h.workspace();
    for (const [query, path] of [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '201' }, 'query.limit'],
      [{ cursor: '!!!' }, 'query.cursor'],
      [{ role: 'owner' }, 'query'],
    ] as Array<[Record<string, string>, string]>) {
      expectInvalid(await h.request('GET', `/v1/workspaces/${ws}/members`, { as: h.admin, query }), path);
    }
  });
});
