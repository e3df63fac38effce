import { describe, expect, it } from 'vitest';
import { basicAuth } from '../../../test/fakes/fake-server.ts';
import { JIRA_CREDENTIALS } from '../../../test/fakes/jira-fake.ts';
import { expectError } from '../../../test/assertions.ts';
import { useHarness } from '../../../test/harness.ts';
import { TRUNCATION_MARKER } from '../provider/clip-content.ts';
import { trackerScene } from './tracker.fixtures.ts';

const h = useHarness();
const { s, workspaceWithTracker, search, read, trackerAudit } = trackerScene(h);

describe('GET /v1/tracker/search', () => {
  it('searches with bounded, escaped JQL over Basic auth and answers the issues', async () => {
    const ws = await workspaceWithTracker();
    s.jira.reset();
    const res = await search(ws, { q: 'invoice "twice" (replicas)', limit: '5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          key: 'BILL-142',
          summary: 'Invoices generated twice after scaling to two replicas',
          status: 'In Progress',
          issue_type: 'Bug',
          assignee: 'Dana Ops',
          updated: '2026-11-20T10:00:00.000+0000',
          url: `${s.jira.baseUrl}/browse/BILL-142`,
        },
      ],
    });
    const [call] = s.jira.calls;
    expect(call).toMatchObject({
      path: '/rest/api/3/search/jql',
      query: { jql: 'text ~ "invoice \\"twice\\" replicas" ORDER BY updated DESC', maxResults: '5' },
      headers: { authorization: basicAuth(JIRA_CREDENTIALS.email, JIRA_CREDENTIALS.apiToken) },
    });
    const [entry] = await trackerAudit(ws);
    expect(entry).toMatchObject({
      action: 'tracker.search',
      target: {
        params: { q: 'invoice "twice" (replicas)', limit: 5, count: 1 },
        metadata: { outcome: 'success' },
      },
    });
  });

  it('also matches an issue by its key, and searches the text alone when the key does not exist', async () => {
    const ws = await workspaceWithTracker();
    const byKey = await search(ws, { q: 'bill-7' });
    expect((byKey.json() as { items: { key: string }[] }).items.map((i) => i.key)).toEqual(['BILL-7']);
    s.jira.reset();
    const missing = await search(ws, { q: 'BILL-999' });
    expect(missing.statusCode, missing.body).toBe(200);
    expect(s.jira.calls.map((c) => c.query.jql)).toEqual([
      '(text ~ "BILL 999" OR key = "BILL-999") ORDER BY updated DESC',
      'text ~ "BILL 999" ORDER BY updated DESC',
    ]);
  });
});

describe('GET /v1/tracker/read', () => {
  it('reads fields, description and the recent comments as text, clipped with a marker', async () => {
    const ws = await workspaceWithTracker();
    const res = await read(ws, { issue_key: 'bill-142' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { content: string; truncated: boolean };
    expect(body).toMatchObject({
      key: 'BILL-142',
      summary: 'Invoices generated twice after scaling to two replicas',
      status: 'In Progress',
      url: `${s.jira.baseUrl}/browse/BILL-142`,
      updated: '2026-11-20T10:00:00.000+0000',
      truncated: false,
    });
    expect(body.content).toContain('Type: Bug · Status: In Progress · Assignee: Dana Ops');
    expect(body.content).toContain('Both replicas ran the nightly invoice job.');
    expect(body.content).toContain('Recent comments (5):');
    expect(body.content).toContain('Comment number 7');
    expect(body.content).not.toContain('Comment number 2 ');

    const short = (await read(ws, { issue_key: 'BILL-142', max_chars: '200' })).json() as {
      content: string;
      truncated: boolean;
    };
    expect(short.truncated).toBe(true);
    expect(short.content.length).toBeLessThanOrEqual(200);
    expect(short.content.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(body.content.startsWith(short.content.slice(0, -TRUNCATION_MARKER.length))).toBe(true);
    const entries = await trackerAudit(ws);
    expect(entries[0]).toMatchObject({
      action: 'tracker.read',
      target: { id: 'BILL-142', params: { issue_key: 'BILL-142' } },
    });
  });

  it('answers 404 with Jira’s message for a missing or hidden issue while search keeps working, and audits the failure', async () => {
    const ws = await workspaceWithTracker();
    const missing = await read(ws, { issue_key: 'BILL-404' });
    expect(expectError(missing, 404, 'not_found').message).toMatch(/Issue does not exist/);
    s.jira.forbidden.add('BILL-7');
    expectError(await read(ws, { issue_key: 'BILL-7' }), 404, 'not_found');
    s.jira.forbidden.clear();
    expect((await search(ws, { q: 'invoice' })).statusCode).toBe(200);
    const failed = (await trackerAudit(ws)).find((e) => e.target.id === 'BILL-404');
    expect(failed).toMatchObject({
      action: 'tracker.read',
      target: { metadata: { outcome: 'failure', error: { code: 'not_found' } } },
    });
  });
});
