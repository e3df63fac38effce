import { beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';

/**
 * A tool call through POST /mcp counts once against the key's rate limit: the MCP request, not
 * also the API call it makes inside the app. A client cannot claim that exemption for itself.
 */
const h = useHarness({ rateLimit: { perKeyPerMinute: 3, perIpPerMinute: 1000 } });
let writer: TestUser;
let ws: string;
let project: string;

beforeAll(async () => {
  writer = await h.user();
  ws = await h.workspace([[writer, 'member']]);
  project = await h.project(ws, [[writer, 'writer']]);
});

const forged = { 'x-ctxhub-internal-call': Buffer.alloc(32, 7).toString('base64url') };

it('charges a tool call once, and a forged internal mark changes nothing', async () => {
  for (let id = 1; id <= 3; id += 1) {
    const res = await h.request('POST', '/mcp', {
      as: writer,
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'x-ctxhub-workspace': ws,
        'x-ctxhub-project': project,
        ...forged,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'recall', arguments: {} },
      }),
    });
    expect(res.statusCode).toBe(200);
    const result = (res.json() as { result: { isError?: boolean; content: Array<{ text: string }> } }).result;
    expect(result.isError, result.content[0]?.text).toBeFalsy();
  }
  expectError(await h.request('GET', '/v1/me', { as: writer, headers: forged }), 429, 'rate_limited');
});
