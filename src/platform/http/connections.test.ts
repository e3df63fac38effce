import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { RawConnection } from '../../test/raw-http.ts';
import { multipartBody } from '../../modules/imports/imports.fixtures.ts';
import { team, type Team } from '../../modules/projects/projects.fixtures.ts';

/**
 * The server's connections: a request refused before its body was read does not leave that body
 * blocking the connection, and shutdown closes idle connections at once and busy ones after their
 * answer. Over real sockets: an injected request has no connection.
 */
const h = useHarness();
let port: number;
let t: Team;

beforeAll(async () => {
  t = await team(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});

const MB = 1024 * 1024;
const big = Buffer.alloc(5 * MB, 'a');

function requestBytes(path: string, headers: Record<string, string>, body: Buffer): Buffer {
  const head = Object.entries({ host: 'localhost', 'content-length': String(body.length), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${head}\r\n`), body]);
}

const bearer = (user: TestUser | { key: string }) => ({ authorization: `Bearer ${user.key}` });

function importUpload(as: { key: string }, workspaceKey: string, projectKey: string): Buffer {
  const { body, headers } = multipartBody([
    { name: 'workspace_key', value: workspaceKey },
    { name: 'project_key', value: projectKey },
    { name: 'source', value: 'text' },
    { name: 'file', filename: 'big.txt', content: big },
  ]);
  return requestBytes('/v1/imports', { ...headers, ...bearer(as) }, body);
}

describe('a request refused before its body was read', () => {
  it('is answered, then its connection is closed: the unread body holds up nothing', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, Buffer, number, string]> = [
      [
        'bad key',
        requestBytes('/v1/users', { ...json, authorization: 'Bearer nope' }, big),
        401,
        'unauthenticated',
      ],
      [
        'not JSON',
        requestBytes('/v1/users', { ...bearer(h.admin), 'content-type': 'text/plain' }, big),
        415,
        'unsupported_media_type',
      ],
      [
        'over the body limit',
        requestBytes('/v1/users', { ...json, ...bearer(h.admin) }, big),
        413,
        'payload_too_large',
      ],
      ['unknown workspace', importUpload(h.admin, 'no-such-ws', t.project), 404, 'not_found'],
      ['unknown project', importUpload(h.admin, t.ws, 'codehost:acme/no-such-repo'), 404, 'not_found'],
      ['role too low', importUpload(t.reader, t.ws, t.project), 403, 'forbidden'],
      ['upload with a bad key', importUpload({ key: 'nope' }, t.ws, t.project), 401, 'unauthenticated'],
    ];
    for (const [name, bytes, status, code] of cases) {
      const conn = await RawConnection.open(port);
      conn.write(bytes);
      const answer = await conn.answer();
      expect({ name, status: answer.statusCode }).toEqual({ name, status });
      expectError(answer, status, code);
      expect(answer.headers.connection).toBe('close');
      // Without the close, the connection would sit on the unread body until the keep-alive timeout.
      await conn.ended;
      await conn.closed;
    }
  }, 60_000);

  it('lets a keep-alive client go on with its next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, headers: Record<string, string | number>, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const upload = importUpload(h.admin, 'no-such-ws', t.project);
    const headEnd = upload.indexOf('\r\n\r\n') + 4;
    const headers = Object.fromEntries(
      upload
        .subarray(0, headEnd - 4)
        .toString()
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const refused = await send('/v1/imports', 'POST', headers, upload.subarray(headEnd));
    expect(refused).toEqual({ status: 404, connection: 'close' });
    const next = await send('/healthz', 'GET', {});
    expect(next.status).toBe(200);
    agent.destroy();
  }, 60_000);

  it('reads and discards a small body, keeping the connection, even one sent after the answer', async () => {
    const conn = await RawConnection.open(port);
    const refusedBody = requestBytes(
      '/v1/users',
      { authorization: 'Bearer nope', 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ email: 'late@example.test', name: 'x'.repeat(30_000) })),
    );
    const headEnd = refusedBody.indexOf('\r\n\r\n') + 4;
    conn.write(refusedBody.subarray(0, headEnd));
    const refused = await conn.answer();
    expectError(refused, 401, 'unauthenticated');
    expect(refused.headers.connection).toBe('keep-alive');
    conn.write(refusedBody.subarray(headEnd));
    conn.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await conn.answer()).statusCode).toBe(200);
    conn.destroy();
  });
});

describe('shutdown', () => {
  it('closes idle connections at once, answers the request in flight with Connection: close, and runs no request that arrives after', async () => {
    const app = await buildApp({
      db: h.database.db,
      config: h.config,
      ping: h.database.ping,
      claims: h.database.claims,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as AddressInfo).port;

    const idle = await RawConnection.open(appPort);
    idle.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await idle.answer()).headers.connection).toBe('keep-alive');
    const fresh = await RawConnection.open(appPort); // connected, no request sent yet

    const inFlightBody = JSON.stringify({ email: `${h.uniq('inflight')}@example.test` });
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const busy = await RawConnection.open(appPort);
    const whole = requestBytes(
      '/v1/users',
      { ...bearer(h.admin), 'content-type': 'application/json' },
      Buffer.from(inFlightBody),
    );
    busy.write(whole.subarray(0, whole.length - 5));
    await arrived;

    const closing = app.close();
    await idle.closed;
    await fresh.closed;

    // The rest of the request in flight, and a second request pipelined behind it.
    const lateEmail = `${h.uniq('late')}@example.test`;
    busy.write(whole.subarray(whole.length - 5));
    busy.write(
      requestBytes(
        '/v1/users',
        { ...bearer(h.admin), 'content-type': 'application/json' },
        Buffer.from(JSON.stringify({ email: lateEmail })),
      ),
    );
    const answer = await busy.answer();
    expect(answer.statusCode).toBe(201);
    expect(answer.headers.connection).toBe('close');
    await busy.closed;
    await closing;

    const users = JSON.stringify(
      (await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '200' } })).json(),
    );
    expect(users).toContain(JSON.parse(inFlightBody).email);
    expect(users).not.toContain(lateEmail);
  }, 60_000);
});
