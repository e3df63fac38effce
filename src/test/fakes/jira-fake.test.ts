import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth } from './fake-server.ts';
import {
  JIRA_CREDENTIALS,
  adfBulletList,
  adfCodeBlock,
  adfDoc,
  adfHeading,
  adfToText,
  startJiraFake,
  type JiraFake,
} from './jira-fake.ts';

const AUTH = basicAuth(JIRA_CREDENTIALS.email, JIRA_CREDENTIALS.apiToken);
let jira: JiraFake;

function get(path: string, query: Record<string, string> = {}, authorization: string | null = AUTH) {
  const url = new URL(path, jira.baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, { headers: authorization ? { authorization } : {} });
}

const search = (jql: string, extra: Record<string, string> = {}) =>
  get('/rest/api/3/search/jql', { jql, fields: 'summary', ...extra });

async function keysOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { issues: Array<{ key: string }> };
  return body.issues.map((issue) => issue.key);
}

beforeAll(async () => {
  jira = await startJiraFake({
    issues: [
      {
        key: 'OPS-1',
        summary: 'Login times out behind the proxy',
        description: adfDoc('Users see a Timeout after 30 s.', adfCodeBlock('curl -v https://sso')),
        assignee: 'Ada Lovelace',
        status: 'In Progress',
        updated: '2024-03-01T10:00:00.000+0000',
        comments: [
          {
            author: 'Grace',
            created: '2024-03-01T11:00:00.000+0000',
            body: 'First look: proxy idle timeout.',
          },
          { author: 'Linus', created: '2024-03-02T09:00:00.000+0000', body: 'Raised it to 120 s.' },
        ],
      },
      { key: 'OPS-2', summary: 'Rotate the deploy keys', updated: '2024-03-05T10:00:00.000+0000' },
      { key: 'OPS-3', summary: 'Proxy logs are noisy', description: 'Nothing about logins here.' },
    ],
  });
});
afterAll(() => jira.close());
beforeEach(() => jira.reset());

describe('Jira fake: auth and recording', () => {
  it('answers 401 in plain text without credentials or with a wrong token, and records every call', async () => {
    const missing = await get('/rest/api/3/issue/OPS-1', {}, null);
    expect(missing.status).toBe(401);
    expect(await missing.text()).toBe('Client must be authenticated to access this resource.');
    const wrong = await get('/rest/api/3/issue/OPS-1', {}, basicAuth(JIRA_CREDENTIALS.email, 'nope'));
    expect(wrong.status).toBe(401);
    expect(jira.calls).toEqual([
      { method: 'GET', path: '/rest/api/3/issue/OPS-1', query: {}, headers: { authorization: undefined } },
      {
        method: 'GET',
        path: '/rest/api/3/issue/OPS-1',
        query: {},
        headers: { authorization: basicAuth(JIRA_CREDENTIALS.email, 'nope') },
      },
    ]);
  });
});

describe('Jira fake: enhanced search', () => {
  it('filters by text ~ over summary, description and comments, case-insensitively, recording the raw jql', async () => {
    const jql = 'text ~ "TIMEOUT proxy" ORDER BY updated DESC';
    expect(await keysOf(await search(jql))).toEqual(['OPS-1']);
    expect(await keysOf(await search('text ~ "proxy"'))).toEqual(['OPS-1', 'OPS-3']);
    expect(await keysOf(await search('text ~ "120 s"'))).toEqual(['OPS-1']);
    expect(jira.calls[0]!.query).toEqual({ jql, fields: 'summary' });
  });

  it('ORs text with key and issuekey clauses, and answers the real issue shape with the fields asked for', async () => {
    const res = await search('text ~ "deploy keys" OR key = OPS-3 OR issuekey = ops-1 ORDER BY key', {
      fields: 'summary,status,issuetype,assignee,updated,description',
    });
    const body = (await res.json()) as { issues: Array<{ key: string; fields: object }>; isLast: boolean };
    expect(body.issues.map((i) => i.key)).toEqual(['OPS-1', 'OPS-2', 'OPS-3']);
    expect(body.isLast).toBe(true);
    expect(body).not.toHaveProperty('nextPageToken');
    expect(body.issues[0]).toEqual({
      expand: expect.any(String),
      id: expect.stringMatching(/^\d+$/),
      self: expect.stringMatching(new RegExp(`^${jira.baseUrl}/rest/api/3/issue/\\d+$`)),
      key: 'OPS-1',
      fields: {
        summary: 'Login times out behind the proxy',
        status: { name: 'In Progress' },
        issuetype: { name: 'Task' },
        assignee: { displayName: 'Ada Lovelace' },
        updated: '2024-03-01T10:00:00.000+0000',
        description: adfDoc('Users see a Timeout after 30 s.', adfCodeBlock('curl -v https://sso')),
      },
    });
    expect(body.issues[1]!.fields).toMatchObject({ assignee: null, description: null });
  });

  it('understands project, status, IN, IS EMPTY, NOT and parentheses', async () => {
    expect(await keysOf(await search('project = ops AND status = "in progress"'))).toEqual(['OPS-1']);
    expect(await keysOf(await search('assignee IS EMPTY AND key IN (OPS-1, OPS-2)'))).toEqual(['OPS-2']);
    expect(await keysOf(await search('project = OPS AND NOT (text ~ proxy OR status != "To Do")'))).toEqual([
      'OPS-2',
    ]);
  });

  it('answers ids only when no fields are asked for, as the real endpoint does', async () => {
    const res = await get('/rest/api/3/search/jql', { jql: 'key = OPS-2' });
    const body = (await res.json()) as { issues: unknown[] };
    expect(body.issues).toEqual([{ id: expect.stringMatching(/^\d+$/) }]);
  });

  it('pages with maxResults and nextPageToken until isLast', async () => {
    const jql = 'project = OPS ORDER BY key DESC';
    const first = (await (await search(jql, { maxResults: '2' })).json()) as {
      issues: Array<{ key: string }>;
      nextPageToken?: string;
      isLast: boolean;
    };
    expect(first.issues.map((i) => i.key)).toEqual(['OPS-3', 'OPS-2']);
    expect(first.isLast).toBe(false);
    const second = await search(jql, { maxResults: '2', nextPageToken: first.nextPageToken! });
    expect(await keysOf(second)).toEqual(['OPS-1']);
    const stale = await search('project = OPS', { nextPageToken: first.nextPageToken! });
    expect(stale.status).toBe(400);
  });

  it.each([
    [
      'text ~ "unterminated',
      "Error in the JQL Query: The quoted string 'unterminated' has not been completed. (line 1, character 8)",
    ],
    [
      'text ~ "a" AND',
      'Error in the JQL Query: Expecting a field name before the end of the query. (line 1, character 15)',
    ],
    [
      'text ~ "a" foo',
      "Error in the JQL Query: Expecting either 'OR' or 'AND' but got 'foo'. (line 1, character 12)",
    ],
    ['', 'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.'],
    ['priority = High', "Field 'priority' does not exist or you do not have permission to view it."],
    ['summary = "x"', "The operator '=' is not supported by the 'summary' field."],
    ['key > OPS-1', "The operator '>' is not supported by the 'key' field."],
    ['key = nokey', "The issue key 'nokey' for field 'key' is invalid."],
    ['text ~ "x" OR key = OPS-99', "An issue with key 'OPS-99' does not exist for field 'key'."],
  ])('answers 400 like Jira for %j', async (jql, message) => {
    const res = await search(jql);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errorMessages: [message], errors: {} });
  });
});

describe('Jira fake: issues and comments', () => {
  it('answers an issue with its comments as ADF, by key or id', async () => {
    const res = await get('/rest/api/3/issue/OPS-1', { fields: 'summary,comment', expand: 'renderedFields' });
    const issue = (await res.json()) as { id: string; fields: Record<string, unknown> };
    expect(Object.keys(issue.fields)).toEqual(['summary', 'comment']);
    expect(issue.fields.comment).toMatchObject({ total: 2, startAt: 0, maxResults: 2 });
    const comment = (issue.fields.comment as { comments: Array<Record<string, unknown>> }).comments[0];
    expect(comment).toMatchObject({
      id: expect.any(String),
      author: { displayName: 'Grace' },
      created: '2024-03-01T11:00:00.000+0000',
      updated: '2024-03-01T11:00:00.000+0000',
      body: adfDoc('First look: proxy idle timeout.'),
    });
    expect((await (await get(`/rest/api/3/issue/${issue.id}`)).json()) as object).toMatchObject({
      key: 'OPS-1',
    });
  });

  it('pages comments newest first with orderBy=-created', async () => {
    const res = await get('/rest/api/3/issue/OPS-1/comment', {
      orderBy: '-created',
      maxResults: '1',
      startAt: '0',
    });
    const body = (await res.json()) as { comments: Array<{ author: { displayName: string } }> };
    expect(body).toMatchObject({ startAt: 0, maxResults: 1, total: 2 });
    expect(body.comments.map((c) => c.author.displayName)).toEqual(['Linus']);
  });

  it('answers the real 404 for a missing issue and for one the account may not see, and hides it from search', async () => {
    const notFound = {
      errorMessages: ['Issue does not exist or you do not have permission to see it.'],
      errors: {},
    };
    const missing = await get('/rest/api/3/issue/OPS-404');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(notFound);
    jira.forbidden.add('OPS-3');
    const hidden = await get('/rest/api/3/issue/OPS-3/comment');
    expect({ status: hidden.status, body: await hidden.json() }).toEqual({ status: 404, body: notFound });
    expect(await keysOf(await search('text ~ "proxy"'))).toEqual(['OPS-1']);
  });

  it('adds and replaces fixtures, keeping the id of a replaced issue', async () => {
    const before = (await (await get('/rest/api/3/issue/OPS-2')).json()) as { id: string };
    jira.putIssue({ key: 'OPS-2', summary: 'Rotate the deploy keys quarterly', status: 'Done' });
    jira.putIssue({ key: 'WEB-7', summary: 'Quarterly review' });
    const after = (await (await get('/rest/api/3/issue/OPS-2')).json()) as { id: string; fields: object };
    expect(after.id).toBe(before.id);
    expect(after.fields).toMatchObject({ status: { name: 'Done' } });
    expect(await keysOf(await search('text ~ quarterly ORDER BY key'))).toEqual(['OPS-2', 'WEB-7']);
    jira.removeIssue('WEB-7');
    expect(await keysOf(await search('text ~ quarterly'))).toEqual(['OPS-2']);
    jira.putIssue({
      key: 'OPS-2',
      summary: 'Rotate the deploy keys',
      updated: '2024-03-05T10:00:00.000+0000',
    });
  });
});

describe('Jira fake: failures on demand', () => {
  it('answers queued failures in order, with their headers, then behaves again', async () => {
    jira.failNext(429, undefined, { 'Retry-After': '1' });
    jira.failNext(500, 'upstream exploded');
    const limited = await get('/rest/api/3/issue/OPS-1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ errorMessages: ['Too Many Requests'], errors: {} });
    const broken = await get('/rest/api/3/issue/OPS-1');
    expect({ status: broken.status, body: await broken.text() }).toEqual({
      status: 500,
      body: 'upstream exploded',
    });
    expect((await get('/rest/api/3/issue/OPS-1')).status).toBe(200);
  });

  it('answers slowly with delayMs, so a client timeout fires', async () => {
    jira.delayMs = 2_000;
    const url = new URL('/rest/api/3/issue/OPS-1', jira.baseUrl);
    const slow = fetch(url, { headers: { authorization: AUTH }, signal: AbortSignal.timeout(50) });
    await expect(slow).rejects.toThrow(/timeout|aborted/i);
  });

  it('close() ends a request still being delayed', async () => {
    const other = await startJiraFake();
    other.delayMs = 60_000;
    const pending = fetch(new URL('/rest/api/3/issue/X-1', other.baseUrl)).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('ADF builders', () => {
  it('build real ADF documents and read their text back', () => {
    const doc = adfDoc(
      adfHeading(2, 'Cause'),
      'The proxy drops idle sockets.',
      adfBulletList('one', 'two'),
      '',
    );
    expect(doc).toEqual({
      type: 'doc',
      version: 1,
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Cause' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'The proxy drops idle sockets.' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] },
          ],
        },
        { type: 'paragraph', content: [] },
      ],
    });
    expect(adfToText(doc)).toBe('Cause\nThe proxy drops idle sockets.\none\ntwo\n');
  });
});
