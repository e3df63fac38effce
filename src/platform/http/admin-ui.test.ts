import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';

/** A built UI as Vite lays it out: index.html and content-hashed assets. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/admin/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  writeFileSync(join(dir, 'assets', 'app-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'build.json'), '{}');
  return dir;
}

const h = useHarness({}, { adminUiDir: fakeBuild() });

const expectPageHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('the Admin UI at /admin', () => {
  it('answers any page address with index.html, never cached, without a key', async () => {
    for (const path of ['/admin/', '/admin/api-keys', '/admin/api-keys/users?x=1', '/admin/index.html']) {
      const res = await h.request('GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expectPageHeaders(res.headers);
    }
    const bare = await h.request('GET', '/admin');
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('serves hashed assets for good, gzipped when asked, with ETag revalidation', async () => {
    const res = await h.request('GET', '/admin/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log');
    expectPageHeaders(res.headers);
    const plain = await h.request('GET', '/admin/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    const again = await h.request('GET', '/admin/', {
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(200); // another file's ETag
    const index = await h.request('GET', '/admin/');
    const revalidated = await h.request('GET', '/admin/', {
      headers: { 'if-none-match': String(index.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('answers 404 for a missing asset (not the app), and never serves files outside the build', async () => {
    expect((await h.request('GET', '/admin/assets/old-999.js')).statusCode).toBe(404);
    for (const path of ['/admin/assets/../../package.json', '/admin/assets/%2e%2e/%2e%2e/package.json']) {
      const res = await h.request('GET', path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body).not.toContain('"name": "ctxhub"');
    }
    // The build's own stamp is not served; the app answers instead.
    expect((await h.request('GET', '/admin/build.json')).body).toContain('<div id="root">');
    expect((await h.request('GET', '/admin/../package.json')).body).not.toContain('"name": "ctxhub"');
  });

  it('takes no writes', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await h.request(method, '/admin/');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('before the UI is built', () => {
  const empty = useHarness({}, { adminUiDir: mkdtempSync(join(tmpdir(), 'ctxhub-web-none-')) });
  it('says how to build it, with 503', async () => {
    const res = await empty.request('GET', '/admin/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expectPageHeaders(res.headers);
  });
});
