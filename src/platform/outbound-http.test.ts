import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundGet, OutboundError, retryAfterSeconds, withOneRetryOn429 } from './outbound-http.ts';

let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000).unref();
    if (req.url === '/big') return void res.end('x'.repeat(4096));
    if (req.url === '/limited') {
      res.writeHead(hits % 2 === 1 ? 429 : 200, { 'retry-after': '0' });
      return void res.end(hits % 2 === 1 ? 'slow down' : 'ok');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string, extra: Partial<Parameters<typeof outboundGet>[0]> = {}) =>
  outboundGet({ url: `${base}${path}`, timeoutMs: 500, allowPrivate: true, ...extra });

describe('outbound calls', () => {
  it('answers status, headers and text, sending the given headers', async () => {
    const res = await get('/ok', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ auth: 'Basic abc' });
  });

  it('fails as a timeout, as too large, and refuses internal addresses unless allowed', async () => {
    await expect(get('/slow')).rejects.toMatchObject({ kind: 'timeout' });
    await expect(get('/big', { maxBytes: 1000 })).rejects.toMatchObject({ kind: 'too_large' });
    await expect(get('/ok', { allowPrivate: false })).rejects.toMatchObject({ kind: 'internal_address' });
    const refused = `http://localhost:${new URL(base).port}/ok`;
    await expect(outboundGet({ url: refused, timeoutMs: 500, allowPrivate: false })).rejects.toBeInstanceOf(
      OutboundError,
    );
    await expect(get('/ok', { url: 'http://127.0.0.1:1/' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('retries a 429 once when its Retry-After is short enough, and not otherwise', async () => {
    hits = 0;
    const retried = await withOneRetryOn429(() => get('/limited'), 1000);
    expect(retried.status).toBe(200);
    expect(hits).toBe(2);
    hits = 0;
    const given = await withOneRetryOn429(() => get('/limited'), -1);
    expect(given.status).toBe(429);
    expect(hits).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});
