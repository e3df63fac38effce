import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../../test/assertions.ts';
import { basicAuth } from '../../../test/fakes/fake-server.ts';
import {
  CONFLUENCE_CREDENTIALS,
  startConfluenceFake,
  type ConfluenceFake,
} from '../../../test/fakes/confluence-fake.ts';
import { useHarness, type TestUser } from '../../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import { workspaceWithProvider } from '../config/integrations.fixtures.ts';
import { TRUNCATION_MARKER } from '../provider/clip-content.ts';

const h = useHarness();
const scene = workspaceScene(h);
const s = scene.users as typeof scene.users & { wiki: ConfluenceFake; pageId: string };

beforeAll(async () => {
  s.wiki = await startConfluenceFake({
    pages: [
      {
        id: '98765',
        title: 'Invoice runbook',
        spaceKey: 'OPS',
        spaceName: 'Operations',
        lastModified: '2026-11-01T08:00:00.000Z',
        body:
          '<h2>Nightly invoice job</h2><p>Only one replica runs it: it takes an <strong>advisory lock</strong>.</p>' +
          '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[SELECT pg_try_advisory_lock(42);]]></ac:plain-text-body></ac:structured-macro>' +
          `<p>${'More detail about retries. '.repeat(40)}</p>`,
      },
    ],
  });
  s.pageId = '98765';
});
afterAll(async () => {
  await s.wiki.close();
});

/** A workspace whose wiki (base URL as given, `/wiki` suffix or not) is the fake. */
const workspaceWithWiki = (suffix = '/wiki') =>
  workspaceWithProvider(h, scene, 'wiki', {
    base_url: `${s.wiki.baseUrl}${suffix}`,
    email: CONFLUENCE_CREDENTIALS.email,
    api_token: CONFLUENCE_CREDENTIALS.apiToken,
  });
const get = (path: string, ws: string, query: Record<string, string>, as: TestUser = s.bob) =>
  h.request('GET', path, { as, query: { workspace_key: ws, ...query } });

describe('wiki search and read', () => {
  it('searches pages with CQL, with or without the /wiki suffix, and audits it', async () => {
    for (const suffix of ['/wiki', '', '/wiki/']) {
      const ws = await workspaceWithWiki(suffix);
      s.wiki.reset();
      const res = await get('/v1/wiki/search', ws, { q: 'advisory lock', limit: '3' });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json() as { items: Record<string, unknown>[] };
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        id: '98765',
        title: 'Invoice runbook',
        space: 'Operations',
        updated: '2026-11-01T08:00:00.000Z',
      });
      expect(String(items[0]!.url)).toMatch(new RegExp(`^${s.wiki.baseUrl}/wiki/spaces/OPS/pages/98765`));
      expect(String(items[0]!.excerpt)).not.toContain('@@@');
      expect(s.wiki.calls[0]).toMatchObject({
        path: '/wiki/rest/api/search',
        query: { cql: 'type = page AND text ~ "advisory lock" ORDER BY lastmodified DESC', limit: '3' },
        headers: { authorization: basicAuth(CONFLUENCE_CREDENTIALS.email, CONFLUENCE_CREDENTIALS.apiToken) },
      });
      expect((await auditOf(h, ws, 'wiki.'))[0]).toMatchObject({
        action: 'wiki.search',
        target: { params: { q: 'advisory lock', limit: 3, count: 1 }, metadata: { outcome: 'success' } },
      });
    }
  });

  it('reads a page by id or URL as text, clipped with a marker', async () => {
    const ws = await workspaceWithWiki();
    for (const pageId of [
      '98765',
      `${s.wiki.baseUrl}/wiki/spaces/OPS/pages/98765/Invoice+runbook`,
      `${s.wiki.baseUrl}/wiki/pages/viewpage.action?pageId=98765`,
    ]) {
      const res = await get('/v1/wiki/read', ws, { page_id: pageId });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { id: string; title: string; content: string; truncated: boolean };
      expect(page).toMatchObject({ id: '98765', title: 'Invoice runbook', truncated: false });
      expect(page.content).toContain('Nightly invoice job');
      expect(page.content).toContain('SELECT pg_try_advisory_lock(42);');
      expect(page.content).not.toContain('<');
    }
    const short = (await get('/v1/wiki/read', ws, { page_id: '98765', max_chars: '300' })).json() as {
      content: string;
      truncated: boolean;
    };
    expect(short.truncated).toBe(true);
    expect(short.content.length).toBeLessThanOrEqual(300);
    expect(short.content.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect((await auditOf(h, ws, 'wiki.read'))[0]).toMatchObject({
      target: { id: '98765', params: { page_id: '98765' } },
    });
  });

  it('fails a read of a missing or forbidden page while search works, and audits the failure', async () => {
    const ws = await workspaceWithWiki();
    expect(
      expectError(await get('/v1/wiki/read', ws, { page_id: '11111' }), 404, 'not_found').message,
    ).toMatch(/wiki/);
    s.wiki.forbidden.add(s.pageId);
    expectError(await get('/v1/wiki/read', ws, { page_id: s.pageId }), 502, 'upstream_error');
    s.wiki.forbidden.clear();
    expect((await get('/v1/wiki/search', ws, { q: 'runbook' })).statusCode).toBe(200);
    expect((await auditOf(h, ws, 'wiki.read'))[0]).toMatchObject({
      target: { metadata: { outcome: 'failure' } },
    });
    s.wiki.failNext(500);
    expectError(await get('/v1/wiki/search', ws, { q: 'runbook' }), 502, 'upstream_error');
    s.wiki.failNext(200, { results: [{ content: { id: 5 } }, { content: { id: '7', title: ['x'] } }, null] });
    const odd = await get('/v1/wiki/search', ws, { q: 'runbook' });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(odd.json()).toMatchObject({ items: [{ id: '7', title: '', space: null, excerpt: '' }] });
    s.wiki.failNext(200, { id: '98765', title: 7, body: { storage: { value: { html: 1 } } } });
    expect((await get('/v1/wiki/read', ws, { page_id: '98765' })).json()).toMatchObject({
      title: '',
      content: '',
    });
  });

  it('says Integration not configured without a wiki, and has its security matrix and bad input', async () => {
    const bare = await h.workspace([[s.bob, 'member']]);
    expect(
      expectError(await get('/v1/wiki/search', bare, { q: 'x' }), 400, 'integration_not_configured').message,
    ).toMatch(/^Integration not configured: wiki/);
    const ws = await workspaceWithWiki();
    for (const [url, query] of [
      ['/v1/wiki/search', { workspace_key: ws, q: 'runbook' }],
      ['/v1/wiki/read', { workspace_key: ws, page_id: '98765' }],
    ] as const) {
      await expectKeyRequired(h, { method: 'GET', url, query });
      await expectHiddenFrom(h, s.outsider, { method: 'GET', url, query });
    }
    s.wiki.reset();
    for (const page_id of [
      '',
      'abc',
      `${s.wiki.baseUrl}/wiki/x/AbCd`,
      'javascript:alert(1)',
      '../../rest/api/user',
    ]) {
      expectInvalid(await get('/v1/wiki/read', ws, { page_id }), 'query.page_id');
    }
    expectInvalid(await get('/v1/wiki/search', ws, { q: 'a', limit: '500' }), 'query.limit');
    expect(s.wiki.calls).toHaveLength(0);
  });
});
