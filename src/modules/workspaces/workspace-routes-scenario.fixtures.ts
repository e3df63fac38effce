import { beforeAll, expect } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { auditLogPages } from '../audit/audit-scenario.fixtures.ts';

/** The users of the workspace route tests; only the outsider is in a workspace yet. */
export async function workspaceRouteUsers(h: Harness) {
  const alice = await h.user({ name: 'Alice' }); // to be a workspace admin
  const bob = await h.user({ name: 'Bob' }); // to be a plain member
  const outsider = await h.user({ name: 'Olga' }); // member of another workspace only
  await h.workspace([[outsider, 'owner']]);
  return { alice, bob, outsider };
}

/**
 * The route test scene: the users above, set up before the file's tests, and new workspaces with
 * `alice` as admin and `bob` as member.
 */
export function workspaceScene(h: Harness) {
  const users = {} as Awaited<ReturnType<typeof workspaceRouteUsers>>;
  beforeAll(async () => {
    Object.assign(users, await workspaceRouteUsers(h));
  });
  const newWorkspace = () =>
    h.workspace([
      [users.alice, 'admin'],
      [users.bob, 'member'],
    ]);
  return { users, newWorkspace };
}

/** Every setting of a workspace created without any. */
export const DEFAULT_SETTINGS = {
  default_outbound_locale: 'en',
  supported_locales: ['en'],
  resolution_order: ['codehost_remote', 'repo_root_slug', 'manual'],
  auto_create_project: false,
  key_prefixes: [],
  project_mappings: [],
  auto_switch_repo: true,
  auto_switch_subproject: false,
  enable_monorepo_resolution: false,
  monorepo_detection_level: 2,
  raw_access_min_role: 'writer',
  active_work_stale_days: 7,
  active_work_auto_close_days: null,
  model_extraction: false,
  review_after_days: {},
};

/** A workspace's audit entries with the prefix, newest first (read as the server admin). */
export const auditOf = (h: Harness, ws: string, prefix: string) =>
  auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: prefix });

/** The workspace as the server admin sees it, or null when it does not exist. */
export async function readWorkspace(h: Harness, ws: string): Promise<Record<string, unknown> | null> {
  const res = await h.request('GET', `/v1/workspaces/${ws}`, { as: h.admin });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** Every workspace key the server admin can list, following cursors. */
export async function allWorkspaceKeys(h: Harness): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { limit: '200', ...(cursor ? { cursor } : {}) };
    const body = (await h.request('GET', '/v1/workspaces', { as: h.admin, query })).json() as {
      items: Array<{ workspace_key: string }>;
      next_cursor: string | null;
    };
    keys.push(...body.items.map((w) => w.workspace_key));
    cursor = body.next_cursor;
  } while (cursor);
  return keys;
}
