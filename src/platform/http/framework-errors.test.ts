import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { RawConnection } from '../../test/raw-http.ts';
import { MAX_PATH_PARAM_LENGTH } from './framework-errors.ts';

/**
 * Refusals that happen before a route runs (the router's, the HTTP parser's, a missing Host) are
 * answered in the error envelope with `x-request-id` like every other answer.
 */
const h = useHarness();
let port: number;

beforeAll(async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});

/** Sends raw bytes on a new connection and reads one answer. */
async function exchange(bytes: string, options: { head?: boolean } = {}) {
  const conn = await RawConnection.open(port);
  conn.write(bytes);
  const answer = await conn.answer(options);
  return { conn, answer };
}

describe('router errors', () => {
  it('answer a path that is not valid percent-encoded UTF-8 with 400 validation_failed, with or without a key', async () => {
    const paths = [
      '/v1/projects/%ZZ',
      '/v1/projects/%C0%AF',
      '/v1/projects/%ED%A0%80',
      '/v1/workspaces/ws%E0%A4/members',
    ];
    for (const path of paths) {
      for (const as of [undefined, h.admin]) {
        const error = expectInvalid(await h.request('GET', path, { as }), 'path');
        expect(error.message).toContain('not a valid URL path');
      }
    }
  });

  it('answer a path parameter over the limit with 400 validation_failed; one at the limit reaches its route', async () => {
    const long = 'a'.repeat(MAX_PATH_PARAM_LENGTH + 1);
    for (const path of [`/v1/projects/${long}`, `/v1/workspaces/${long}/members`]) {
      const error = expectInvalid(await h.request('GET', path, { as: h.admin }), 'path');
      expect(error.message).toContain(`longer than ${MAX_PATH_PARAM_LENGTH} characters`);
    }
    const atLimit = await h.request('GET', `/v1/workspaces/${'a'.repeat(MAX_PATH_PARAM_LENGTH)}`, {
      as: h.admin,
    });
    expect(atLimit.statusCode).not.toBe(500);
    expect(atLimit.json().error.details ?? []).not.toContainEqual(expect.objectContaining({ path: 'path' }));
  });

  it("keep the caller's request id, and leave the connection usable", async () => {
    const res = await h.request('GET', '/v1/projects/%ZZ', { headers: { 'x-request-id': 'trace-77' } });
    expect(expectInvalid(res, 'path').request_id).toBe('trace-77');

    const { conn, answer } = await exchange('GET /v1/projects/%C0%AF HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expectInvalid(answer, 'path');
    expect(answer.headers.connection).toBe('keep-alive');
    conn.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await conn.answer()).statusCode).toBe(200);
    conn.destroy();
  });
});

describe('malformed HTTP', () => {
  it('is answered 400 in the envelope with a request id, and the connection closed', async () => {
    const requests = [
      'FOO /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'hello\r\n\r\n',
      'POST /v1/users HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}',
      'POST /v1/users HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n',
    ];
    for (const request of requests) {
      const { conn, answer } = await exchange(request);
      const error = expectInvalid(answer, 'request');
      expect(error.request_id).toMatch(/^req_/);
      expect(answer.headers.connection).toBe('close');
      await conn.closed;
    }
  });

  it('answers headers over the limit with 431 headers_too_large', async () => {
    const { conn, answer } = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectError(answer, 431, 'headers_too_large');
    await conn.closed;
  });

  it('answers an HTTP/1.1 request without Host with 400 naming the header (HTTP/1.0 needs none)', async () => {
    const { conn, answer } = await exchange('GET /healthz HTTP/1.1\r\n\r\n');
    expectInvalid(answer, 'headers.host');
    conn.destroy();
    const old = await exchange('GET /healthz HTTP/1.0\r\n\r\n');
    expect(old.answer.statusCode).toBe(200);
    old.conn.destroy();
  });
});

describe('what Node would answer itself', () => {
  it('serves a request with an Expect it does not know, and answers CONNECT 404 in the envelope', async () => {
    const expectation = await exchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\n\r\n');
    expect(expectation.answer.statusCode).toBe(200);
    expectation.conn.destroy();

    const { conn, answer } = await exchange(
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(expectError(answer, 404, 'not_found').message).toBe('Route CONNECT example.com:443 not found');
    await conn.closed;
  });
});

describe('HEAD and OPTIONS', () => {
  it('carry the request id; a refusal is the envelope (HEAD: its headers)', async () => {
    const health = await exchange('HEAD /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', { head: true });
    expect(health.answer.statusCode).toBe(200);
    expect(health.answer.headers['x-request-id']).toMatch(/^req_/);
    health.conn.destroy();

    const head = await exchange('HEAD /v1/me HTTP/1.1\r\nHost: localhost\r\n\r\n', { head: true });
    expect(head.answer.statusCode).toBe(401);
    expect(head.answer.headers['x-request-id']).toMatch(/^req_/);
    expect(head.answer.headers['content-type']).toContain('application/json');
    head.conn.destroy();

    expectError(await h.request('OPTIONS', '/v1/me'), 401, 'unauthenticated');
    expectError(await h.request('OPTIONS', '/v1/me', { as: h.admin }), 404, 'not_found');
  });
});
