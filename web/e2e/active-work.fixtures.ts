/** A real server with one project's Active Work inferred, swept and ready for the browser tests. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { startUi, type UiServer } from './browser.fixtures.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const WS = 'acme';
export const PROJECT = 'codehost:acme/api';
export const BRANCH = 'feature/billing-export';
/** The page of the project, as a shared link names it. */
export const PAGE = `/admin/active-work?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;

/** The items' titles, by the issue key each names. */
export const TITLES = {
  bill: 'Ship the billing export (BILL-7)',
  search: 'Rebuild the search index (SRCH-12)',
  legacy: 'Retire the legacy importer (OLD-3)',
  retry: 'Tune the retry backoff (RETRY-2)',
} as const;

export interface ActiveWorkUi {
  ui: UiServer;
  adminKey: string;
  /** rita's key: a member of the workspace and a reader of the project. */
  readerKey: string;
  /** The item ids, by the names of TITLES. */
  ids: Record<keyof typeof TITLES, string>;
}

export async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

/** Polls `probe` until it answers a value (at most `timeoutMs`). */
async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000).toISOString();

/**
 * Workspace `acme` (items stale after 7 days without evidence, closed after 30) and its project
 * with four items, each from an `active_work` memory of the admin's: billing (joined by a CI run
 * of its branch: confidence 60%), search (evidence 10 days old), legacy (45 days old) and retry.
 * The staleness sweep runs when a server starts; the server is restarted (its start's sweep job
 * taken out of the queue while it is down) so that it sweeps the items: search turns stale, legacy
 * stale and then closed.
 */
export async function startActiveWorkUi(): Promise<ActiveWorkUi> {
  const ui = await startUi();
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  const adminKey = (await first.json()).api_key as string;
  const call = (method: string, path: string, body?: unknown) => ok(ui.call(method, path, adminKey, body));
  await call('POST', '/v1/workspaces', { workspace_key: WS });
  await call('POST', `/v1/workspaces/${WS}/projects`, { key: PROJECT });
  await call('PATCH', `/v1/workspaces/${WS}`, { active_work_stale_days: 7, active_work_auto_close_days: 30 });
  const rita = await call('POST', '/v1/users', { email: 'rita@example.com' });
  const reset = await call('POST', `/v1/users/${rita.id}/api-keys/reset`);
  const readerKey = (await (await fetch(`${ui.baseUrl}${new URL(reset.one_time_url).pathname}`)).json())
    .api_key as string;
  await call('POST', `/v1/workspaces/${WS}/members`, { user_id: rita.id, role: 'member' });
  await call('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, {
    workspace_key: WS,
    user_id: rita.id,
    role: 'reader',
  });

  const items = async (): Promise<Json[]> =>
    (
      await call(
        'GET',
        `/v1/projects/${encodeURIComponent(PROJECT)}/active-work?workspace_key=${WS}&status=active,stale,confirmed,closed`,
      )
    ).items;
  const byTitle = async (title: string) => (await items()).find((i) => i.title === title);
  const remember = (content: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/v1/memories', {
      workspace_key: WS,
      project_key: PROJECT,
      type: 'active_work',
      content,
      ...extra,
    });

  await remember(TITLES.bill, { metadata: { branch: BRANCH } });
  await remember(TITLES.search, { occurred_at: daysAgo(10) });
  await remember(TITLES.legacy, { occurred_at: daysAgo(45) });
  await remember(TITLES.retry);
  // A CI run only joins an item: once billing's exists, its branch's run joins it.
  await until(() => byTitle(TITLES.bill), 'the billing item');
  await call('POST', '/v1/ci-events', {
    status: 'failure',
    workspace_key: WS,
    project_key: PROJECT,
    branch: BRANCH,
    workflow: 'CI',
    job: 'test',
  });
  await until(
    async () => ((await byTitle(TITLES.bill))?.evidence_count === 2 ? true : undefined),
    'the CI run',
  );
  await until(async () => ((await items()).length === 4 ? true : undefined), 'four items');

  await ui.restart(async (db) => {
    await db.db.execute(sql`delete from jobs where kind = 'active_work.sweep'`);
  });
  await until(async () => {
    const [search, legacy] = [await byTitle(TITLES.search), await byTitle(TITLES.legacy)];
    return search?.status === 'stale' && legacy?.status === 'closed' ? true : undefined;
  }, 'the sweep');

  const all = await items();
  const idOf = (title: string) => all.find((i) => i.title === title)?.id as string;
  return {
    ui,
    adminKey,
    readerKey,
    ids: {
      bill: idOf(TITLES.bill),
      search: idOf(TITLES.search),
      legacy: idOf(TITLES.legacy),
      retry: idOf(TITLES.retry),
    },
  };
}
