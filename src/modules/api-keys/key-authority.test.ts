import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';

const h = useHarness();

describe('key authority across workspaces', () => {
  it('does not let an admin of one workspace take over a user who outranks them in another', async () => {
    const [admin, target] = await Promise.all([h.user(), h.user()]);
    await h.workspace([
      [admin, 'admin'],
      [target, 'member'],
    ]);
    const theirs = await h.workspace([[target, 'owner']]);
    const before = (await h.request('GET', `/v1/users/${target.id}/api-keys`, { as: h.admin })).json();
    for (const [method, url] of [
      ['POST', `/v1/users/${target.id}/api-keys/reset`],
      ['POST', `/v1/api-keys/${before.items[0].id}/revoke`],
      ['GET', `/v1/users/${target.id}/api-keys`],
    ] as const) {
      expectError(await h.request(method, url, { as: admin }), 403, 'forbidden');
    }
    const after = (await h.request('GET', `/v1/users/${target.id}/api-keys`, { as: h.admin })).json();
    expect(after).toEqual(before);
    expect((await h.request('GET', `/v1/workspaces/${theirs}`, { as: target })).statusCode).toBe(200);
  });
});
