import {
  makeRepos,
  startCodehostFake,
  testAppKeys,
  type CodehostFake,
  type FakeCollaborator,
} from '../src/test/fakes/codehost-fake.ts';
import { residentMb } from './process-stats.ts';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';

/**
 * The code host app (`BENCH_SUITES=codehost`): a real server (its own process) against a fake code
 * host on 127.0.0.1. (1) A repository sync of BENCH_CODEHOST_REPOS (5,000) repositories, then the
 * same sync again with nothing changed. (2) A permission sync of BENCH_CODEHOST_PEOPLE (500)
 * collaborators spread across BENCH_CODEHOST_PERM_REPOS (50) repositories with projects (10 each),
 * matched to ctxhub users by public e-mail, most of them through one of four teams (so each
 * repository's teams and each team's members are read too), then again with nothing to change; (3) the stress case:
 * every one of them on every repository (25,000 memberships). Reported: wall time, requests the
 * server made to the code host, the server's resident memory before the step and how far its peak
 * (VmHWM) rose. Targets: under 10 s, and under 300 MB (the embedded database alone holds about
 * 300 MB from the start, so the target is on what the step adds).
 */
const REPOS = Number(process.env.BENCH_CODEHOST_REPOS ?? 5000);
const PEOPLE = Number(process.env.BENCH_CODEHOST_PEOPLE ?? 500);
const PERM_REPOS = Number(process.env.BENCH_CODEHOST_PERM_REPOS ?? 50);
const TARGET_S = 10;
const TARGET_MB = 300;
const APP_ID = 31337;
const SECRET = 'bench-webhook-secret';

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method,
    redirect: 'manual',
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Connects `workspace` to installation `id` the way an admin's browser does, and waits for its first sync. */
async function connect(server: RunningServer, workspace: string, id: number, autoCreate: boolean) {
  await call(server, 'POST', '/v1/workspaces', { workspace_key: workspace, auto_create_project: autoCreate });
  const { install_url } = (await call(server, 'GET', `/v1/workspaces/${workspace}/codehost/install-url`)) as {
    install_url: string;
  };
  const state = new URL(install_url).searchParams.get('state') ?? '';
  await call(
    server,
    'GET',
    `/v1/auth/codehost/callback?installation_id=${id}&state=${encodeURIComponent(state)}`,
  );
  for (let i = 0; i < 600; i++) {
    const status = await call(server, 'GET', `/v1/workspaces/${workspace}/codehost/installation`);
    if (status.last_sync) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the first sync did not run');
}

interface Row extends Record<string, string | number> {
  engine: string;
  step: string;
  s: number;
  requests: number;
  result: string;
  'RSS before MB': number;
  'peak RSS MB': number;
  'peak rise MB': number;
  target: string;
}

async function measure(
  engine: string,
  step: string,
  server: RunningServer,
  fake: CodehostFake,
  work: () => Promise<Record<string, unknown>>,
  result: (answer: Record<string, unknown>) => string,
): Promise<Row> {
  const before = residentMb(server.pid).now;
  const calls = fake.calls.length;
  const started = performance.now();
  const answer = await work();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const peak = residentMb(server.pid).peak;
  return {
    engine,
    step,
    s: seconds,
    requests: fake.calls.length - calls,
    result: result(answer),
    'RSS before MB': before,
    'peak RSS MB': peak,
    'peak rise MB': peak - before,
    target: `< ${TARGET_S} s, < ${TARGET_MB} MB: ${seconds < TARGET_S && peak - before < TARGET_MB ? 'met' : 'MISSED'}`,
  };
}

async function benchEngine(engine: string, start: typeof pgliteServer): Promise<Row[]> {
  const keys = testAppKeys();
  const fake = await startCodehostFake({ appId: APP_ID, publicKeyPem: keys.publicKeyPem });
  const server = await start(undefined, {
    CODEHOST_APP_ID: String(APP_ID),
    CODEHOST_APP_PRIVATE_KEY: Buffer.from(keys.privateKeyPem).toString('base64'),
    CODEHOST_API_URL: fake.baseUrl,
    CODEHOST_APP_WEBHOOK_SECRET: SECRET,
  });
  try {
    fake.addInstallation({ id: 1, account: { login: 'acme' }, repositories: [] });
    await connect(server, 'repos', 1, false);
    fake.setRepositories(1, makeRepos('acme', REPOS));
    const sync = () => call(server, 'POST', '/v1/workspaces/repos/codehost/sync-repos');
    const counts = (a: Record<string, unknown>) =>
      `${a.added} added, ${a.updated} updated, ${a.total} active`;
    const rows = [
      await measure(engine, `sync ${REPOS} repositories`, server, fake, sync, counts),
      await measure(engine, 'the same sync again', server, fake, sync, counts),
    ];

    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      login: `dev-${i}`,
      email: `dev-${i}@bench.test`,
    }));
    const repos = makeRepos('globex', PERM_REPOS);
    fake.addInstallation({ id: 2, account: { login: 'globex' }, repositories: repos });
    await connect(server, 'perms', 2, true);
    for (const person of people) {
      const user = (await call(server, 'POST', '/v1/users', { email: person.email })) as { id: string };
      await call(server, 'POST', '/v1/workspaces/perms/members', { user_id: user.id, role: 'member' });
      fake.setUser(person.login, { email: person.email });
    }
    const levels = ['admin', 'write', 'read', 'triage', 'maintain'] as const;
    const everyone = (spread: boolean) => {
      for (const [r, repo] of repos.entries()) {
        const on = spread ? people.filter((_, i) => i % PERM_REPOS === r) : people;
        const list: FakeCollaborator[] = on.map((p, i) => {
          const permission = levels[(i + r) % levels.length] ?? 'read';
          // Most access comes through a team per level (so teams are read too); admins' is direct.
          return {
            login: p.login,
            permission,
            ...(permission === 'admin' ? {} : { team: `${permission}-team` }),
          };
        });
        fake.setCollaborators(repo.full_name, list);
      }
    };
    const permSync = () => call(server, 'POST', '/v1/workspaces/perms/codehost/sync-permissions');
    const perms = (a: Record<string, unknown>) =>
      `${a.added} added, ${a.changed} changed, ${a.removed} removed`;
    everyone(true);
    const spread = `permissions: ${PEOPLE} people across ${PERM_REPOS} repositories`;
    rows.push(await measure(engine, spread, server, fake, permSync, perms));
    rows.push(await measure(engine, 'the same permission sync again', server, fake, permSync, perms));
    everyone(false);
    const all = `permissions: ${PEOPLE} people on each of ${PERM_REPOS} repositories`;
    rows.push(await measure(engine, all, server, fake, permSync, perms));
    rows.push(await measure(engine, 'the same permission sync again', server, fake, permSync, perms));
    return rows;
  } finally {
    await server.stop();
    server.cleanup();
    await fake.close();
  }
}

export async function runCodehostBench(engines: string[]): Promise<void> {
  const rows: Row[] = [];
  if (engines.includes('pglite')) rows.push(...(await benchEngine('PGlite', pgliteServer)));
  if (engines.includes('postgres')) rows.push(...(await benchEngine('PostgreSQL', postgresServer)));
  console.log(
    `\nCode host app: a server in its own process against a fake code host on 127.0.0.1. "requests": calls the ` +
      'server made to the code host (token minting, pages, user lookups). RSS: the server process, before the step ' +
      'and its peak since start (VmHWM).\n',
  );
  console.table(rows);
}
