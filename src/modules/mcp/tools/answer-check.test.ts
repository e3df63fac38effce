import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../cli/api-client.ts';
import { CliError } from '../../../cli/cli-error.ts';
import { apiPortOver } from '../../../cli/session/client-session.ts';
import { SessionContext } from '../../../cli/session/session-context.ts';
import { useHarness, type TestUser } from '../../../test/harness.ts';
import { meAnswer } from '../../users/index.ts';
import { apiPortOf, fails } from '../mcp-tools.fixtures.ts';
import { inMemoryClient } from '../mcp-client.fixtures.ts';
import { AnswerMismatchError, checkedAnswer } from './api-port.ts';

/**
 * Every answer an API port gives back is parsed by the route's response schema: a mismatch (a
 * server of another version, something else at the address) is one clear line, never a crash.
 */
const h = useHarness();
let member: TestUser;
let ws: string;
let stranger: Server;
let strangerUrl: string;

beforeAll(async () => {
  member = await h.user();
  ws = await h.workspace([[member, 'member']]);
  // Answers 200 with JSON of the wrong shape to everything.
  stranger = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":"not a list"}');
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => stranger.close(() => resolve())));

describe('answers checked against their schema', () => {
  it('answers the parsed value, or names the call and the first difference', () => {
    const answer = z.object({ items: z.array(z.object({ id: z.string() })) });
    expect(checkedAnswer(answer, { items: [{ id: 'a', extra: 1 }] }, 'GET /x')).toEqual({
      items: [{ id: 'a' }],
    });
    expect(() => checkedAnswer(answer, { items: [{ id: 1 }] }, 'GET /v1/x')).toThrow(AnswerMismatchError);
    expect(() => checkedAnswer(answer, { items: [{ id: 1 }] }, 'GET /v1/x')).toThrow(
      /^The server's answer to GET \/v1\/x is not what this client expects \(items\.0\.id: .+\)/,
    );
  });

  it('checks the remote endpoint injected answers', async () => {
    const api = apiPortOf(h, member);
    expect((await api.get('/v1/me', meAnswer)).workspaces).toHaveLength(1);
    await expect(api.get('/v1/me', z.object({ nope: z.string() }))).rejects.toThrow(
      /answer to GET \/v1\/me is not what this client expects \(nope: /,
    );
  });

  it('makes a mismatch a one-line CLI error over the HTTP client, and a tool error in a tool', async () => {
    const api = apiPortOver(new ApiClient({ serviceUrl: strangerUrl, apiKey: member.key }, 5000));
    await expect(api.get('/v1/me', z.object({ items: z.array(z.string()) }))).rejects.toThrow(CliError);
    const context = new SessionContext({ api, workspaceKey: ws, readGit: async () => null });
    const client = await inMemoryClient(api, context, 'stdio');
    expect(await fails(client, 'list_projects')).toMatch(
      /^The server's answer to GET \/v1\/workspaces\/.+\/projects is not what this client expects \(items: /,
    );
  });
});
