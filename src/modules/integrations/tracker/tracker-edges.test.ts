import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../config/index.ts';
import { expectError, expectInvalid } from '../../../test/assertions.ts';
import { basicAuth } from '../../../test/fakes/fake-server.ts';
import { JIRA_CREDENTIALS } from '../../../test/fakes/jira-fake.ts';
import { useHarness } from '../../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../../test/security-matrix.ts';
import { trackerScene } from './tracker.fixtures.ts';

// Long enough that a good answer on a busy machine (two cores, three test workers) is never late;
// the timeout case waits it out once.
const h = useHarness({ integrations: { ...testConfig().integrations, timeoutMs: 2000 } });
const { s, workspaceWithTracker, search, read, trackerAudit } = trackerScene(h);

describe('tracker calls at the edges', () => {
  it('says what is missing when the tracker is not configured, or that it is disabled, and audits it', async () => {
    const ws = await h.workspace([[s.bob, 'member']]);
    const res = await search(ws, { q: 'invoice' });
    const error = expectError(res, 400, 'integration_not_configured');
    expect(error.message).toMatch(
      /^Integration not configured: tracker .* has no base_url, email, api_token/,
    );
    expect((await trackerAudit(ws))[0]).toMatchObject({
      target: { metadata: { outcome: 'failure', error: { code: 'integration_not_configured' } } },
    });
    const off = await workspaceWithTracker({}, false);
    expect(
      expectError(await read(off, { issue_key: 'BILL-7' }), 400, 'integration_not_configured').message,
    ).toMatch(/disabled/);
  });

  it('answers 502 naming the tracker for refused credentials, provider errors, timeouts and a closed port', async () => {
    const wrong = await workspaceWithTracker({ api_token: 'wrong-token' });
    expect(expectError(await search(wrong, { q: 'invoice' }), 502, 'upstream_error').message).toMatch(
      /tracker refused the credentials/,
    );
    const ws = await workspaceWithTracker();
    s.jira.failNext(503, { errorMessages: ['Service is in maintenance'] });
    expect(expectError(await read(ws, { issue_key: 'BILL-7' }), 502, 'upstream_error').message).toMatch(
      /tracker failed \(503\): Service is in maintenance/,
    );
    s.jira.delayMs = 4000;
    expect(expectError(await search(ws, { q: 'invoice' }), 502, 'upstream_error').message).toMatch(
      /within 2000 ms/,
    );
    s.jira.reset();
    const closed = await workspaceWithTracker({ base_url: 'http://127.0.0.1:1' });
    expect(expectError(await search(closed, { q: 'invoice' }), 502, 'upstream_error').message).toMatch(
      /could not be reached/,
    );
  });

  it('reads answers of an unexpected shape without a 500: odd fields are left out, a non-object is a 502', async () => {
    const ws = await workspaceWithTracker();
    s.jira.failNext(200, {
      issues: [
        { key: 'ODD-1', fields: { summary: 42, status: 'open', assignee: [] } },
        { fields: {} },
        'x',
        null,
      ],
    });
    const odd = await search(ws, { q: 'invoice' });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(odd.json()).toEqual({
      items: [
        {
          key: 'ODD-1',
          summary: '',
          status: null,
          issue_type: null,
          assignee: null,
          updated: null,
          url: `${s.jira.baseUrl}/browse/ODD-1`,
        },
      ],
    });
    s.jira.failNext(200, { fields: { summary: ['x'], comment: { comments: 'none' } } });
    const read200 = await read(ws, { issue_key: 'BILL-7' });
    expect(read200.statusCode, read200.body).toBe(200);
    expect(read200.json()).toMatchObject({
      key: 'BILL-7',
      summary: '',
      content: expect.stringContaining('(no description)'),
    });
    for (const body of ['[1,2]', 'null', '"text"']) {
      s.jira.failNext(200, body, { 'content-type': 'application/json' });
      expect(expectError(await read(ws, { issue_key: 'BILL-7' }), 502, 'upstream_error').message).toMatch(
        /not an object/,
      );
    }
  });

  it('never repeats the credentials a provider echoes in its error', async () => {
    const ws = await workspaceWithTracker();
    const header = basicAuth(JIRA_CREDENTIALS.email, JIRA_CREDENTIALS.apiToken);
    s.jira.failNext(400, {
      errorMessages: [`Bad request with ${header}`, `unknown user ${JIRA_CREDENTIALS.apiToken}`],
    });
    const error = expectError(await search(ws, { q: 'invoice' }), 502, 'upstream_error');
    expect(error.message).toMatch(/Bad request with Basic \[redacted.*unknown user \[redacted\]/);
    expect(error.message).not.toContain(JIRA_CREDENTIALS.apiToken);
    expect(error.message).not.toContain(header.slice('Basic '.length));
    expect(JSON.stringify(await trackerAudit(ws))).not.toContain(JIRA_CREDENTIALS.apiToken);
  });

  it('retries once after a short Retry-After, and reports a tracker that keeps limiting', async () => {
    const ws = await workspaceWithTracker();
    s.jira.reset();
    s.jira.failNext(429, { errorMessages: ['Rate limited'] }, { 'retry-after': '0' });
    expect((await search(ws, { q: 'invoice' })).statusCode).toBe(200);
    expect(s.jira.calls).toHaveLength(2);
    s.jira.reset();
    s.jira.failNext(429, { errorMessages: ['Rate limited'] }, { 'retry-after': '0' });
    s.jira.failNext(429, { errorMessages: ['Rate limited'] }, { 'retry-after': '0' });
    expect(expectError(await search(ws, { q: 'invoice' }), 502, 'upstream_error').message).toMatch(
      /limiting/,
    );
    expect(s.jira.calls).toHaveLength(2);
    s.jira.reset();
    s.jira.failNext(429, {}, { 'retry-after': '3600' });
    expectError(await search(ws, { q: 'invoice' }), 502, 'upstream_error');
    expect(s.jira.calls).toHaveLength(1);
  });

  it('has its security matrix: no key, outsiders see no workspace', async () => {
    const ws = await workspaceWithTracker();
    for (const [url, query] of [
      ['/v1/tracker/search', { workspace_key: ws, q: 'invoice' }],
      ['/v1/tracker/read', { workspace_key: ws, issue_key: 'BILL-7' }],
    ] as const) {
      await expectKeyRequired(h, { method: 'GET', url, query });
      await expectHiddenFrom(h, s.outsider, { method: 'GET', url, query });
    }
    s.jira.reset();
    expect(s.jira.calls).toHaveLength(0);
  });

  it('refuses bad input by field without calling the tracker', async () => {
    const ws = await workspaceWithTracker();
    s.jira.reset();
    const searches: Array<[Record<string, string>, string]> = [
      [{}, 'query.q'],
      [{ q: '' }, 'query.q'],
      [{ q: '   ' }, 'query.q'],
      [{ q: 'x'.repeat(501) }, 'query.q'],
      [{ q: 'a', limit: '0' }, 'query.limit'],
      [{ q: 'a', limit: '51' }, 'query.limit'],
      [{ q: 'a', limit: 'ten' }, 'query.limit'],
      [{ q: 'a', extra: '1' }, 'query'],
    ];
    for (const [query, path] of searches) expectInvalid(await search(ws, query), path);
    const reads: Array<[Record<string, string>, string]> = [
      [{}, 'query.issue_key'],
      [{ issue_key: 'not a key' }, 'query.issue_key'],
      [{ issue_key: '../../rest/api/3/myself' }, 'query.issue_key'],
      [{ issue_key: 'BILL-1', max_chars: '10' }, 'query.max_chars'],
      [{ issue_key: 'BILL-1', max_chars: '1000000' }, 'query.max_chars'],
    ];
    for (const [query, path] of reads) expectInvalid(await read(ws, query), path);
    expect(s.jira.calls).toHaveLength(0);
  });
});
