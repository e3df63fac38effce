import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/cli/api-client.ts';
import { multipartBody } from '../src/cli/multipart-body.ts';
import { generateAgentJsonl } from './generate-transcript.ts';
import type { RouteCall, RouteClient } from './route-client.ts';
import { BENCH_PROJECT, BENCH_QUERIES, BENCH_WORKSPACE } from './seed-memories.ts';
import type { RunningServer } from './server.ts';

/**
 * Authenticated GET routes the routes suite leaves out, with why. Every other authenticated GET of
 * the server's OpenAPI document must be measured: a new route fails the suite until it is listed.
 */
const LEFT_OUT: Record<string, string> = {
  '/v1/tracker/search': 'calls the issue tracker: its time is the provider',
  '/v1/tracker/read': 'calls the issue tracker: its time is the provider',
  '/v1/wiki/search': 'calls the wiki: its time is the provider',
  '/v1/wiki/read': 'calls the wiki: its time is the provider',
};

/** The labels of the routes that carry their own latency target (the others: within 1 ms of /v1/me). */
export const RECALL_LABELS = ['memories (newest)', 'memories q', 'memories q (no match)'];
/** Words that match nothing in the seeded corpus (nor, by typo correction, its words). */
const NO_MATCH = 'qzxv wjkpy';

/** The ids the calls need: made through the API, as a user would. */
interface Made {
  userId: string;
  memoryId: string;
  importId: string;
  rawMessageId: string;
  cookie: string;
}

const enc = encodeURIComponent;
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const ws = q({ workspace_key: BENCH_WORKSPACE });
const inProject = { workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT };

/**
 * Every measured call, in OpenAPI's path form (for the completeness check) with the path sent.
 * `memories q` takes the recall-eval queries in turn (`round` picks one).
 */
function calls(made: Made): (RouteCall & { route: string; perRound?: (round: number) => string })[] {
  const project = `/v1/projects/${enc(BENCH_PROJECT)}`;
  const memories = (extra: Record<string, string> = {}) =>
    `/v1/memories${q({ ...inProject, limit: '10', ...extra })}`;
  const w = `/v1/workspaces/${BENCH_WORKSPACE}`;
  return [
    { label: 'me', route: '/v1/me', path: '/v1/me' },
    {
      label: 'session (cookie)',
      route: '/v1/session',
      path: '/v1/session',
      headers: { cookie: made.cookie },
    },
    { label: 'users', route: '/v1/users', path: '/v1/users' },
    { label: 'api-keys', route: '/v1/api-keys', path: '/v1/api-keys' },
    {
      label: "a user's api-keys",
      route: '/v1/users/{userId}/api-keys',
      path: `/v1/users/${made.userId}/api-keys`,
    },
    { label: 'workspaces', route: '/v1/workspaces', path: '/v1/workspaces' },
    { label: 'workspace', route: '/v1/workspaces/{key}', path: w },
    { label: 'workspace members', route: '/v1/workspaces/{key}/members', path: `${w}/members` },
    { label: 'workspace projects', route: '/v1/workspaces/{key}/projects', path: `${w}/projects` },
    {
      label: 'project mappings',
      route: '/v1/workspaces/{key}/project-mappings',
      path: `${w}/project-mappings`,
    },
    {
      label: 'outbound settings',
      route: '/v1/workspaces/{key}/outbound-settings',
      path: `${w}/outbound-settings`,
    },
    { label: 'deliveries', route: '/v1/workspaces/{key}/deliveries', path: `${w}/deliveries` },
    { label: 'project by key', route: '/v1/projects/{key}', path: project + ws },
    { label: 'project members', route: '/v1/projects/{key}/members', path: `${project}/members${ws}` },
    { label: 'memories (newest)', route: '/v1/memories', path: memories() },
    {
      label: 'memories q',
      route: '/v1/memories',
      path: memories({ q: BENCH_QUERIES[0]! }),
      perRound: (round) => memories({ q: BENCH_QUERIES[round % BENCH_QUERIES.length]! }),
    },
    { label: 'memories q (no match)', route: '/v1/memories', path: memories({ q: NO_MATCH }) },
    { label: 'memory by id', route: '/v1/memories/{id}', path: `/v1/memories/${made.memoryId}${ws}` },
    {
      label: 'memory history',
      route: '/v1/memories/{id}/history',
      path: `/v1/memories/${made.memoryId}/history${ws}`,
    },
    { label: 'context bundle', route: '/v1/context/bundle', path: `/v1/context/bundle${q(inProject)}` },
    { label: 'audit log', route: '/v1/audit-logs', path: `/v1/audit-logs${ws}` },
    { label: 'audit verify', route: '/v1/audit/verify', path: `/v1/audit/verify${ws}` },
    { label: 'access timeline', route: '/v1/audit/access-timeline', path: `/v1/audit/access-timeline${ws}` },
    { label: 'integrations', route: '/v1/integrations', path: `/v1/integrations${ws}` },
    {
      label: 'outbound policy',
      route: '/v1/outbound-policies/{integration_type}',
      path: `/v1/outbound-policies/chat${ws}`,
    },
    {
      label: 'template variables',
      route: '/v1/outbound/template-variables',
      path: `/v1/outbound/template-variables${q({ workspace_key: BENCH_WORKSPACE, integration_type: 'chat' })}`,
    },
    { label: 'imports', route: '/v1/imports', path: `/v1/imports${ws}` },
    { label: 'import', route: '/v1/imports/{id}', path: `/v1/imports/${made.importId}` },
    {
      label: 'staged memories',
      route: '/v1/imports/{id}/staged',
      path: `/v1/imports/${made.importId}/staged`,
    },
    {
      label: 'raw search',
      route: '/v1/raw/search',
      path: `/v1/raw/search${q({ ...inProject, q: 'advisory lock' })}`,
    },
    {
      label: 'raw message',
      route: '/v1/raw/messages/{id}',
      path: `/v1/raw/messages/${made.rawMessageId}${ws}`,
    },
  ];
}

/** What a round sends for each call (the recall queries change from round to round). */
export type RoundCalls = (round: number) => RouteCall[];

/**
 * Makes what the routes need through the API (a memory with two versions, a signed-in session, a
 * small import parsed and extracted, with its raw messages), checks that every authenticated GET of the server is either
 * measured or left out for a reason, and answers the calls of a round.
 */
export async function prepareRouteCalls(server: RunningServer, client: RouteClient): Promise<RoundCalls> {
  const api = new ApiClient({ serviceUrl: server.baseUrl, apiKey: server.adminKey });
  const me = await client.json<{ user: { id: string } }>('/v1/me');
  const memory = await api.json<{ id: string }>('POST', '/v1/memories', {
    ...inProject,
    type: 'decision',
    content: 'Invoices are numbered per tax year; the sequence lives in packages/tax (bench memory).',
    metadata: { subpath: 'packages/tax' },
  });
  await api.json('PATCH', `/v1/memories/${memory.id}`, { status: 'confirmed' });
  const importId = await smallImport(api);
  const raw = await client.json<{ items: { message_id: string }[] }>(
    `/v1/raw/search${q({ ...inProject, q: 'advisory lock' })}`,
  );
  const made: Made = {
    userId: me.user.id,
    memoryId: memory.id,
    importId,
    rawMessageId: raw.items[0]?.message_id ?? fail('the import left no raw message with "advisory lock"'),
    cookie: await signIn(server),
  };
  const list = calls(made);
  await checkCoverage(client, new Set(list.map((c) => c.route)));
  const none = await client.json<{ items: unknown[] }>(
    list.find((c) => c.label === 'memories q (no match)')!.path,
  );
  if (none.items.length > 0) fail(`"${NO_MATCH}" matched ${none.items.length} memories`);
  return (round) =>
    list.map(({ label, path, headers, perRound }) => ({ label, path: perRound?.(round) ?? path, headers }));
}

function fail(message: string): never {
  throw new Error(`routes bench: ${message}`);
}

/** A 200 KB transcript uploaded, parsed and extracted (staged memories, raw messages, audit entries). */
async function smallImport(api: ApiClient): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-routes-'));
  try {
    const file = join(dir, 'session.jsonl');
    await generateAgentJsonl(file, 200_000, { sessions: 2 });
    const body = multipartBody(
      [
        ['workspace_key', BENCH_WORKSPACE],
        ['project_key', BENCH_PROJECT],
        ['source', 'agent_jsonl'],
      ],
      { path: file, name: 'session.jsonl', size: statSync(file).size },
    );
    const { id } = await api.stream<{ id: string }>(
      '/v1/imports',
      body.contentType,
      body.length,
      body.stream,
    );
    await api.json('POST', `/v1/imports/${id}/parse`);
    await api.json('POST', `/v1/imports/${id}/extract`);
    return id;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Admin UI's session cookie for the admin's key. */
async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: server.adminKey }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 201 || !cookie) fail(`sign-in answered ${res.status}`);
  return cookie;
}

/** Every authenticated GET of the OpenAPI document is measured or left out for a reason. */
async function checkCoverage(client: RouteClient, measured: Set<string>): Promise<void> {
  const doc = await client.json<{ paths: Record<string, { get?: { security?: unknown[] } }> }>(
    '/v1/openapi.json',
  );
  const missing = Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && ops.get.security?.length !== 0 && path.startsWith('/v1/'))
    .map(([path]) => path)
    .filter((path) => !measured.has(path) && !(path in LEFT_OUT));
  if (missing.length > 0)
    fail(`authenticated GET routes neither measured nor left out: ${missing.join(', ')}`);
}

/** The routes left out, for the suite's legend. */
export const leftOutRoutes = (): string =>
  Object.entries(LEFT_OUT)
    .map(([path, why]) => `${path} (${why})`)
    .join('; ');
