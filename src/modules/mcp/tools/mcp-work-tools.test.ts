import { describe, expect, it } from 'vitest';
import { useHarness } from '../../../test/harness.ts';
import { activeWorkScene } from '../../active-work/active-work.fixtures.ts';
import { workspaceScene } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import { fails, headerClient, sessionClient, succeeds } from '../mcp-tools.fixtures.ts';
import { textOf } from '../mcp-client.fixtures.ts';

/**
 * list_active_work over a real MCP client and the real API, with a real job runner making the
 * items from memories and a commit: what it lists, the status filter, and who may not list.
 */
const h = useHarness({}, { jobs: true });
const { users, newWorkspace } = workspaceScene(h);
const aw = activeWorkScene(h, users);

interface Listed {
  items: Array<{ id: string; title: string; status: string; branch: string | null }>;
  next_cursor: string | null;
  context: { project_key: string };
}

describe('list_active_work', () => {
  it("lists the project's open work with people, branch and keys; closed only when asked", async () => {
    const ws = await newWorkspace();
    const { key, reader } = await aw.project(ws);
    await aw.remember(ws, key, 'active_work', 'Archive old invoices to cold storage (BILL-142)', {
      occurred_at: '2026-12-01T09:00:00Z',
    });
    await aw.remember(ws, key, 'active_work', 'Rewrite the dunning e-mails (BILL-7)');
    const commit = await h.request('POST', '/v1/git-events', {
      as: users.bob,
      body: {
        workspace_key: ws,
        project_key: key,
        kind: 'commit',
        sha: 'e'.repeat(40),
        branch: 'feature/BILL-142-archive',
        message: 'BILL-142 move invoices older than 7 years',
      },
    });
    expect(commit.statusCode, commit.body).toBe(201);
    await aw.settle();
    const [dunning] = (await aw.items(ws, key)).items.filter((i) => i.issue_keys.includes('BILL-7'));
    expect((await aw.act(dunning?.id ?? '', 'close', users.alice, 'Done')).statusCode).toBe(200);

    const client = await headerClient(h, reader, { workspace: ws, project: key });
    const open = await succeeds(client, 'list_active_work');
    const listed = open.structuredContent as unknown as Listed;
    expect(listed.items.map((i) => [i.title, i.status, i.branch])).toEqual([
      ['Archive old invoices to cold storage (BILL-142)', 'active', 'feature/BILL-142-archive'],
    ]);
    expect(listed.context.project_key).toBe(key);
    expect(textOf(open)).toContain(`1 Active Work item in ${key}:`);
    expect(textOf(open)).toMatch(
      new RegExp(
        `- awi_\\w+ \\[active\\] Archive old invoices to cold storage \\(BILL-142\\) \\(${users.bob.email.replace('.', '\\.')}, feature/BILL-142-archive, BILL-142, last evidence \\d{4}-\\d{2}-\\d{2}, confidence 70%\\)`,
      ),
    );
    const closed = await succeeds(client, 'list_active_work', { status: ['closed'] });
    expect((closed.structuredContent as unknown as Listed).items.map((i) => i.title)).toEqual([
      'Rewrite the dunning e-mails (BILL-7)',
    ]);
    const paged = await succeeds(client, 'list_active_work', { status: ['active', 'closed'], limit: 1 });
    const page = paged.structuredContent as unknown as Listed;
    expect(page.items).toHaveLength(1);
    expect(textOf(paged)).toContain(`More: call again with cursor ${page.next_cursor}`);

    // On the stdio session too, by the project key given for one call.
    const { client: stdio } = await sessionClient(h, users.bob, { workspaceKey: ws });
    const once = await succeeds(stdio, 'list_active_work', { project_key: key });
    expect((once.structuredContent as unknown as Listed).items).toHaveLength(1);
  });

  it('refuses bad arguments and callers who cannot read the project, as tool errors', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    const client = await headerClient(h, users.bob, { workspace: ws, project: key });
    expect(await fails(client, 'list_active_work', { status: ['done'] })).toMatch(/status/);
    expect(await fails(client, 'list_active_work', { limit: 0 })).toMatch(/limit/);
    expect(await fails(client, 'list_active_work', { cursor: 'not-a-cursor' })).toMatch(/cursor/);
    const outsider = await headerClient(h, users.outsider, { workspace: ws, project: key });
    expect(await fails(outsider, 'list_active_work')).toMatch(/HTTP 404/);
  });
});
