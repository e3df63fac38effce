/** API ports over the harness app and MCP clients on them, shared by the MCP tool and context tests. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.ts';
import { pathWithQuery, type ApiPort } from './tools/api-port.ts';
import type { GitContext } from '../../cli/session/git-context.ts';
import { HeaderContext, type ContextHeaders } from './header-context.ts';
import { injectApi } from './inject-api.ts';
import { call, inMemoryClient, textOf, type ToolResult } from './mcp-client.fixtures.ts';
import { SessionContext, type SessionOptions } from '../../cli/session/session-context.ts';

/** The API port of a user: each call is a real request into the harness app with the user's key. */
export function apiPortOf(h: Harness, user: TestUser): ApiPort {
  return injectApi(h.app, { authorization: user.headers.authorization });
}

export interface PortCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** A port that records every call it passes on (how often the context resolved, with what). */
export function recordingPort(inner: ApiPort): { api: ApiPort; calls: PortCall[] } {
  const calls: PortCall[] = [];
  return {
    calls,
    api: {
      get: (path, answer, query) => {
        calls.push({ method: 'GET', path: pathWithQuery(path, query) });
        return inner.get(path, answer, query);
      },
      post: (path, body, answer) => {
        calls.push({ method: 'POST', path, body });
        return inner.post(path, body, answer);
      },
    },
  };
}

/** The POST /v1/resolve-project calls among the recorded ones. */
export const resolutions = (calls: PortCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/v1/resolve-project');

/** A controllable clock for the session's TTL: tests move it instead of sleeping. */
export function manualClock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

export type SessionSetup = Partial<Omit<SessionOptions, 'api' | 'readGit'>> & {
  git?: GitContext | null;
};

/** An MCP client on the stdio adapter's session context (git as given), as `user`; its API calls. */
export async function sessionClient(h: Harness, user: TestUser, setup: SessionSetup = {}) {
  const { git = null, ...options } = setup;
  const { api, calls } = recordingPort(apiPortOf(h, user));
  const context = new SessionContext({ api, readGit: async () => git, ...options });
  return { client: await inMemoryClient(api, context, 'stdio'), context, calls };
}

/** An MCP client on the remote endpoint's header context, as `user`. */
export function headerClient(h: Harness, user: TestUser, headers: ContextHeaders = {}): Promise<Client> {
  const api = apiPortOf(h, user);
  return inMemoryClient(api, new HeaderContext(api, headers), 'remote');
}

/** Calls a tool that must succeed; its result. */
export async function succeeds(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await call(client, name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toBeDefined();
  return result as ToolResult & { structuredContent: Record<string, unknown> };
}

/** Calls a tool that must fail as a tool result (never a protocol error); its message. */
export async function fails(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await call(client, name, args);
  expect(result.isError, `${name} ${JSON.stringify(args).slice(0, 200)}`).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const text = textOf(result);
  expect(text.length).toBeGreaterThan(0);
  return text;
}

/** The contents of a project's memories (draft and confirmed), read over HTTP as the server admin. */
export async function storedContents(h: Harness, ws: string, project: string): Promise<string[]> {
  const res = await h.request('GET', '/v1/memories', {
    as: h.admin,
    query: { workspace_key: ws, project_key: project, limit: '200' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ content: string }> }).items.map((m) => m.content);
}
