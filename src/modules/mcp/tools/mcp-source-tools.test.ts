import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLUENCE_CREDENTIALS,
  startConfluenceFake,
  type ConfluenceFake,
} from '../../../test/fakes/confluence-fake.ts';
import { useHarness } from '../../../test/harness.ts';
import type { AuditEntry } from '../../audit/audit-scenario.fixtures.ts';
import { MAX_SEARCH_LIMIT } from '../../integrations/provider/source-schemas.ts';
import { trackerScene } from '../../integrations/tracker/tracker.fixtures.ts';
import { fails, headerClient, sessionClient, succeeds } from '../mcp-tools.fixtures.ts';
import { textOf } from '../mcp-client.fixtures.ts';

/**
 * tracker_search, tracker_read, wiki_search and wiki_read over a real MCP client, the real API and
 * Jira and Confluence fakes speaking real HTTP: answers, refusals, provider failures and the audit.
 */
const h = useHarness();
const { s, workspaceWithTracker } = trackerScene(h);
let wiki: ConfluenceFake;
let ws: string;

beforeAll(async () => {
  wiki = await startConfluenceFake({
    pages: [
      {
        id: '98765',
        title: 'Invoice runbook',
        spaceKey: 'OPS',
        spaceName: 'Operations',
        body: '<h2>Nightly invoice job</h2><p>Only one replica runs it: it takes an advisory lock.</p>',
      },
    ],
  });
  ws = await workspaceWithTracker();
  const res = await h.request('PUT', '/v1/integrations', {
    as: s.alice,
    body: {
      workspace_key: ws,
      provider: 'wiki',
      enabled: true,
      config: {
        base_url: `${wiki.baseUrl}/wiki`,
        email: CONFLUENCE_CREDENTIALS.email,
        api_token: CONFLUENCE_CREDENTIALS.apiToken,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await wiki.close();
});

/** The workspace's audit entries with the prefix, newest first, read over GET /v1/audit-logs. */
async function auditLog(workspace: string, prefix: string): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', {
    as: h.admin,
    query: { workspace_key: workspace, action_prefix: prefix, limit: '200' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: AuditEntry[] }).items;
}

const client = async () => (await sessionClient(h, s.bob, { workspaceKey: ws })).client;

describe('tracker tools', () => {
  it('searches and reads issues, and every call is audited as the user', async () => {
    const c = await client();
    const found = await succeeds(c, 'tracker_search', { q: 'invoice replicas', limit: 5 });
    expect(found.structuredContent.items).toEqual([
      expect.objectContaining({
        key: 'BILL-142',
        status: 'In Progress',
        url: `${s.jira.baseUrl}/browse/BILL-142`,
      }),
    ]);
    expect(textOf(found)).toBe(
      `1 issue:\n- BILL-142: Invoices generated twice after scaling to two replicas [In Progress] ${s.jira.baseUrl}/browse/BILL-142`,
    );
    const issue = await succeeds(c, 'tracker_read', { issue_key: 'bill-142', max_chars: 300 });
    expect(issue.structuredContent).toMatchObject({ key: 'BILL-142', truncated: true });
    expect((issue.structuredContent.content as string).length).toBeLessThanOrEqual(300);
    expect(textOf(issue)).toMatch(
      /^BILL-142: Invoices generated twice .* \[In Progress\] http\S+\/browse\/BILL-142\n\nBILL-142: .*\nType: Bug/,
    );

    const entries = await auditLog(ws, 'tracker.');
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'tracker.read',
        actor: expect.objectContaining({ user_id: s.bob.id }),
        target: expect.objectContaining({ id: 'BILL-142', metadata: { outcome: 'success' } }),
      }),
      expect.objectContaining({
        action: 'tracker.search',
        actor: expect.objectContaining({ user_id: s.bob.id }),
        target: expect.objectContaining({ params: { q: 'invoice replicas', limit: 5, count: 1 } }),
      }),
    ]);
  });

  it('passes the Jira 404 of a missing issue through, and audits the failure', async () => {
    expect(await fails(await client(), 'tracker_read', { issue_key: 'BILL-404' })).toMatch(
      /Issue does not exist.*\(HTTP 404 not_found\)$/s,
    );
    expect((await auditLog(ws, 'tracker.read'))[0]).toMatchObject({
      target: { id: 'BILL-404', metadata: { outcome: 'failure', error: { code: 'not_found' } } },
    });
  });
});

describe('wiki tools', () => {
  it('searches and reads pages on the remote endpoint, and every call is audited', async () => {
    const c = await headerClient(h, s.bob, { workspace: ws });
    const found = await succeeds(c, 'wiki_search', { q: 'advisory lock' });
    const items = found.structuredContent.items as Array<{ id: string; url: string }>;
    expect(items.map((p) => p.id)).toEqual(['98765']);
    expect(textOf(found)).toBe(`1 page:\n- 98765: Invoice runbook (Operations) ${items[0]!.url}`);
    const page = await succeeds(c, 'wiki_read', { page_id: '98765' });
    expect(page.structuredContent).toMatchObject({ id: '98765', title: 'Invoice runbook', truncated: false });
    expect(textOf(page)).toMatch(
      /^Invoice runbook http\S+98765\S*\n\nInvoice runbook\n\nNightly invoice job/,
    );
    const entries = await auditLog(ws, 'wiki.');
    expect(entries.slice(0, 2).map((e) => [e.action, e.actor.user_id, e.target.metadata.outcome])).toEqual([
      ['wiki.read', s.bob.id, 'success'],
      ['wiki.search', s.bob.id, 'success'],
    ]);
  });
});

describe('source tools with bad input', () => {
  it('answers a tool error without calling the provider for wrong or out-of-range arguments', async () => {
    const c = await client();
    s.jira.reset();
    wiki.reset();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['tracker_search', {}, /q/],
      ['tracker_search', { q: '   ' }, /q/],
      ['tracker_search', { q: 'x'.repeat(501) }, /q/],
      ['tracker_search', { q: 'x', limit: 0 }, /limit/],
      ['tracker_search', { q: 'x', limit: MAX_SEARCH_LIMIT + 1 }, /limit/],
      ['tracker_search', { q: 'x', workspace_key: 'NOT VALID' }, /workspace_key/],
      ['tracker_read', {}, /issue_key/],
      ['tracker_read', { issue_key: 'not a key' }, /issue key like ABC-123/],
      ['tracker_read', { issue_key: 'BILL-1\u0000' }, /issue_key/],
      ['tracker_read', { issue_key: 'BILL-1', max_chars: 199 }, /max_chars/],
      ['tracker_read', { issue_key: 'BILL-1', max_chars: '400' }, /max_chars/],
      ['wiki_search', { q: 7 }, /q/],
      ['wiki_search', { q: 'x', limit: 1.5 }, /limit/],
      ['wiki_read', {}, /page_id/],
      ['wiki_read', { page_id: 'p'.repeat(2001) }, /page_id/],
      ['wiki_read', { page_id: '98765', max_chars: 50_001 }, /max_chars/],
      // Past the schema, the API refuses what is not a page id or page URL.
      ['wiki_read', { page_id: '../../rest/api/user' }, /page_id.*HTTP 400 validation_failed/s],
      ['wiki_read', { page_id: 'javascript:alert(1)' }, /HTTP 400 validation_failed/],
    ];
    for (const [tool, args, message] of cases) {
      expect(await fails(c, tool, args), `${tool} ${JSON.stringify(args).slice(0, 80)}`).toMatch(message);
    }
    expect(s.jira.calls).toEqual([]);
    expect(wiki.calls).toEqual([]);
  });
});

describe('source tools meeting server errors', () => {
  it('says the tracker or wiki is not configured (400 integration_not_configured)', async () => {
    const bare = await h.workspace([[s.bob, 'member']]);
    const c = (await sessionClient(h, s.bob, { workspaceKey: bare })).client;
    expect(await fails(c, 'tracker_search', { q: 'invoice' })).toMatch(
      /^Integration not configured: tracker .*\(HTTP 400 integration_not_configured\)$/s,
    );
    expect(await fails(c, 'tracker_read', { issue_key: 'BILL-7' })).toMatch(
      /HTTP 400 integration_not_configured/,
    );
    expect(await fails(c, 'wiki_search', { q: 'runbook' })).toMatch(
      /^Integration not configured: wiki .*\(HTTP 400 integration_not_configured\)$/s,
    );
    expect(await fails(c, 'wiki_read', { page_id: '98765' })).toMatch(/HTTP 400 integration_not_configured/);
    const failures = (await auditLog(bare, 'tracker.')).map((e) => [e.action, e.target.metadata]);
    expect(failures).toEqual([
      [
        'tracker.read',
        expect.objectContaining({
          outcome: 'failure',
          error: expect.objectContaining({ code: 'integration_not_configured' }),
        }),
      ],
      [
        'tracker.search',
        expect.objectContaining({
          outcome: 'failure',
          error: expect.objectContaining({ code: 'integration_not_configured' }),
        }),
      ],
    ]);
  });

  it('answers 502 upstream_error when the provider fails', async () => {
    const c = await client();
    s.jira.failNext(503, { errorMessages: ['Service is in maintenance'] });
    expect(await fails(c, 'tracker_search', { q: 'invoice' })).toMatch(
      /tracker failed \(503\): Service is in maintenance.*\(HTTP 502 upstream_error\)$/s,
    );
    s.jira.failNext(500);
    expect(await fails(c, 'tracker_read', { issue_key: 'BILL-7' })).toMatch(/HTTP 502 upstream_error/);
    wiki.failNext(500);
    expect(await fails(c, 'wiki_search', { q: 'runbook' })).toMatch(/HTTP 502 upstream_error/);
    wiki.failNext(503);
    expect(await fails(c, 'wiki_read', { page_id: '98765' })).toMatch(/HTTP 502 upstream_error/);
    expect((await auditLog(ws, 'tracker.search'))[0]).toMatchObject({
      target: { metadata: { outcome: 'failure', error: { code: 'upstream_error' } } },
    });
    // The next calls reach the providers again.
    await succeeds(c, 'tracker_search', { q: 'invoice' });
    await succeeds(c, 'wiki_search', { q: 'runbook' });
  });

  it('answers 404 for a workspace the user is not in, and says how to name one when none is set', async () => {
    const c = await client();
    const foreign = await h.workspace([[s.outsider, 'owner']]);
    for (const [tool, args] of [
      ['tracker_search', { q: 'invoice' }],
      ['tracker_read', { issue_key: 'BILL-7' }],
      ['wiki_search', { q: 'runbook' }],
      ['wiki_read', { page_id: '98765' }],
    ] as const) {
      expect(await fails(c, tool, { ...args, workspace_key: foreign }), tool).toMatch(
        /\(HTTP 404 not_found\)$/,
      );
    }
    const none = (await sessionClient(h, s.bob)).client;
    expect(await fails(none, 'tracker_search', { q: 'invoice' })).toMatch(
      /SERVICE_WORKSPACE_KEY.*set_workspace/,
    );
    const remote = await headerClient(h, s.bob);
    expect(await fails(remote, 'wiki_read', { page_id: '98765' })).toMatch(/X-Ctxhub-Workspace/);
    // Named per call, the workspace works without any configured.
    await succeeds(none, 'tracker_read', { issue_key: 'BILL-7', workspace_key: ws });
  });
});
