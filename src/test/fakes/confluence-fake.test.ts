import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth } from './fake-server.ts';
import {
  CONFLUENCE_CREDENTIALS,
  startConfluenceFake,
  storageToText,
  type ConfluenceFake,
} from './confluence-fake.ts';

const AUTH = basicAuth(CONFLUENCE_CREDENTIALS.email, CONFLUENCE_CREDENTIALS.apiToken);
let wiki: ConfluenceFake;

function get(path: string, query: Record<string, string> = {}, authorization: string | null = AUTH) {
  const url = new URL(path, wiki.baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, { headers: authorization ? { authorization } : {} });
}

interface SearchBody {
  results: Array<{ content: { id: string; title: string; space?: unknown }; title: string; excerpt: string }>;
  start: number;
  limit: number;
  size: number;
  totalSize: number;
  _links: { base: string; context: string; next?: string };
}

async function searchBody(cql: string, extra: Record<string, string> = {}): Promise<SearchBody> {
  const res = await get('/wiki/rest/api/search', { cql, ...extra });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchBody;
}

const titles = (body: SearchBody) => body.results.map((r) => r.content.title);

beforeAll(async () => {
  wiki = await startConfluenceFake({
    pages: [
      {
        id: '1001',
        title: 'Deploy runbook',
        body: '<h1>Deploys</h1><p>Run <code>make deploy</code> after the Proxy check &amp; smoke tests.</p>',
        spaceKey: 'OPS',
        spaceName: 'Operations',
        lastModified: '2024-02-01T08:00:00.000Z',
      },
      { id: '1002', title: 'Proxy settings', body: '<p>Idle timeout is 120 s.</p>', version: 4 },
      { id: '1003', title: 'Holiday calendar', body: '<p>Nothing technical.</p>' },
    ],
  });
});
afterAll(() => wiki.close());
beforeEach(() => wiki.reset());

describe('Confluence fake: auth', () => {
  it('answers 401 with the v1 body on search and the v2 errors body on pages', async () => {
    const search = await get('/wiki/rest/api/search', { cql: 'text ~ "x"' }, null);
    expect(search.status).toBe(401);
    expect(await search.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
    const page = await get('/wiki/api/v2/pages/1001', {}, basicAuth(CONFLUENCE_CREDENTIALS.email, 'wrong'));
    expect(page.status).toBe(401);
    expect(await page.json()).toEqual({
      errors: [{ status: 401, code: 'UNAUTHORIZED', title: 'Unauthorized', detail: null }],
    });
    expect(wiki.calls.map((c) => c.headers.authorization)).toEqual([
      undefined,
      basicAuth(CONFLUENCE_CREDENTIALS.email, 'wrong'),
    ]);
  });
});

describe('Confluence fake: CQL search', () => {
  it('filters by text ~ over title and body, highlights hits, and records the raw cql', async () => {
    const cql = 'type = page AND text ~ "proxy" ORDER BY lastmodified DESC';
    const body = await searchBody(cql);
    expect(wiki.calls[0]!.query).toEqual({ cql });
    expect(titles(body)).toEqual(['Deploy runbook', 'Proxy settings']);
    expect(body).toMatchObject({ start: 0, limit: 25, size: 2, totalSize: 2 });
    expect(body._links).toMatchObject({ base: `${wiki.baseUrl}/wiki`, context: '/wiki' });
    expect(body._links.next).toBeUndefined();
    expect(body.results[0]).toMatchObject({
      content: {
        id: '1001',
        type: 'page',
        title: 'Deploy runbook',
        _links: { webui: '/spaces/OPS/pages/1001/Deploy+runbook' },
      },
      title: 'Deploy runbook',
      excerpt: 'Deploys Run make deploy after the @@@hl@@@Proxy@@@endhl@@@ check & smoke tests.',
      url: '/spaces/OPS/pages/1001/Deploy+runbook',
      lastModified: '2024-02-01T08:00:00.000Z',
      resultGlobalContainer: { title: 'Operations', displayUrl: '/spaces/OPS' },
    });
    expect(body.results[1]!.title).toBe('@@@hl@@@Proxy@@@endhl@@@ settings');
    expect(body.results[0]!.content.space).toBeUndefined();
  });

  it('includes the space with expand=content.space and filters by space', async () => {
    const body = await searchBody('space = OPS AND siteSearch ~ "deploy"', { expand: 'content.space' });
    expect(body.results.map((r) => r.content.space)).toEqual([{ key: 'OPS', name: 'Operations' }]);
  });

  it('pages with limit, following _links.next (cursor) or start', async () => {
    const first = await searchBody('type = page ORDER BY title', { limit: '2' });
    expect(titles(first)).toEqual(['Deploy runbook', 'Holiday calendar']);
    const next = new URL(first._links.context + first._links.next!, wiki.baseUrl);
    const second = (await (await fetch(next, { headers: { authorization: AUTH } })).json()) as SearchBody;
    expect(titles(second)).toEqual(['Proxy settings']);
    expect(second).toMatchObject({ start: 2, size: 1, totalSize: 3 });
    expect(second._links.next).toBeUndefined();
    expect(titles(await searchBody('type = page ORDER BY title', { limit: '1', start: '1' }))).toEqual([
      'Holiday calendar',
    ]);
  });

  it.each(['text ~ "unbalanced', 'text ~ "a" AND', 'label = x', 'title = "a" ORDER BY nothing', ''])(
    'answers 400 like Confluence for %j',
    async (cql) => {
      const res = await get('/wiki/rest/api/search', { cql });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        statusCode: 400,
        message: `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql}`,
      });
    },
  );
});

describe('Confluence fake: v2 pages', () => {
  it('answers a page with its storage body when body-format=storage', async () => {
    const res = await get('/wiki/api/v2/pages/1002', { 'body-format': 'storage' });
    expect(await res.json()).toEqual({
      id: '1002',
      status: 'current',
      title: 'Proxy settings',
      spaceId: '98305',
      createdAt: '2024-01-01T00:00:00.000Z',
      version: { number: 4, createdAt: '2024-01-01T00:00:00.000Z', message: '', minorEdit: false },
      body: { storage: { value: '<p>Idle timeout is 120 s.</p>', representation: 'storage' } },
      _links: {
        webui: '/spaces/ENG/pages/1002/Proxy+settings',
        tinyui: '/x/1002',
        base: `${wiki.baseUrl}/wiki`,
      },
    });
    expect(((await (await get('/wiki/api/v2/pages/1002')).json()) as { body: object }).body).toEqual({});
  });

  it('answers 404 for a missing page and 400 for an id that is not a number', async () => {
    const missing = await get('/wiki/api/v2/pages/999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found', detail: null }],
    });
    const bad = await get('/wiki/api/v2/pages/abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ status: 400, code: 'INVALID_REQUEST_PARAMETER' }] });
  });

  it('answers 403 (or 404) for a forbidden page and leaves it out of searches', async () => {
    wiki.forbidden.add('1002');
    expect((await get('/wiki/api/v2/pages/1002')).status).toBe(403);
    wiki.forbiddenStatus = 404;
    expect((await get('/wiki/api/v2/pages/1002')).status).toBe(404);
    expect(titles(await searchBody('text ~ proxy'))).toEqual(['Deploy runbook']);
  });

  it('adds and replaces pages', async () => {
    const id = wiki.putPage({ title: 'Onboarding', body: '<p>Ask for VPN access.</p>' });
    expect(id).toMatch(/^\d+$/);
    expect(titles(await searchBody('text ~ vpn'))).toEqual(['Onboarding']);
    wiki.putPage({ id, title: 'Onboarding v2', body: '<p>No VPN needed any more.</p>' });
    expect(titles(await searchBody('title ~ onboarding'))).toEqual(['Onboarding v2']);
    wiki.removePage(id);
    expect((await get(`/wiki/api/v2/pages/${id}`)).status).toBe(404);
  });
});

describe('Confluence fake: failures on demand', () => {
  it('answers a queued failure with its headers and a Confluence error body, then behaves again', async () => {
    wiki.failNext(503, undefined, { 'Retry-After': '2' });
    const down = await get('/wiki/rest/api/search', { cql: 'text ~ x' });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('2');
    expect(await down.json()).toMatchObject({ statusCode: 503, message: 'Service Unavailable' });
    expect((await get('/wiki/rest/api/search', { cql: 'text ~ x' })).status).toBe(200);
  });

  it('answers slowly with delayMs', async () => {
    wiki.delayMs = 2_000;
    const url = new URL('/wiki/api/v2/pages/1001', wiki.baseUrl);
    await expect(
      fetch(url, { headers: { authorization: AUTH }, signal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
  });
});

describe('storageToText', () => {
  it('reads the text of storage XHTML', () => {
    expect(storageToText('<p>a &lt;b&gt;</p><ul><li>c&nbsp;d</li></ul>')).toBe('a <b> c d');
  });
});
