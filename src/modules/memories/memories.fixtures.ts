import { and, eq } from 'drizzle-orm';
import { projects, workspaces } from '../tenancy/table.ts';

/** Shapes, writes and reads shared by the memory route tests. Every call takes the file's harness. */

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { expectError } from '../../test/assertions.ts';
import type { Harness, TestUser } from '../../test/harness.ts';
import { auditLogPages, type AuditEntry } from '../audit/audit-scenario.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import type {
  memoryAnswer,
  memoryList,
  memoryVersion,
  memoryWriteAnswer,
  recalledMemory,
} from './memory-answers.ts';

/** A memory as GET /v1/memories/:id answers it. */
export type Memory = z.output<typeof memoryAnswer>;

/** The answer of POST and PATCH. */
export type MemoryWrite = z.output<typeof memoryWriteAnswer>;

export const SCORE_PART_NAMES = [
  'all_terms_matched',
  'coverage',
  'flag_weight',
  'identifier_match',
  'matched_terms',
  'matches',
  'recency',
  'score',
  'status_weight',
  'subpath_boost',
  'text_rank',
  'type_weight',
];

export type Recalled = z.output<typeof recalledMemory>;

/** The answer of GET /v1/memories. */
export type RecallPage = z.output<typeof memoryList>;

/** A version of GET /v1/memories/:id/history. */
export type MemoryVersion = z.output<typeof memoryVersion>;

/** Where memories live: a workspace and one of its projects. */
export interface Place {
  ws: string;
  project: string;
}

const ALL_STATUSES = 'draft,confirmed,rejected,superseded';

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** The team, and a user who owns another workspace only (`outsider`) with that workspace. */
export async function teamAndOutsider(
  h: Harness,
): Promise<{ t: Team; outsider: TestUser; outsiderWs: string }> {
  const t = await team(h);
  const { outsider, outsiderWs } = await outsiderWithWorkspace(h);
  return { t, outsider, outsiderWs };
}

/** `as` posts a memory to the project of `place` (the body may override the keys). */
export const remember = (h: Harness, place: Place, as: TestUser, body: Record<string, unknown>) =>
  h.request('POST', '/v1/memories', {
    as,
    body: { workspace_key: place.ws, project_key: place.project, ...body },
  });

/** `as` stores a new memory: expects 201 and answers it. */
export async function created(
  h: Harness,
  place: Place,
  as: TestUser,
  type: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<MemoryWrite> {
  const res = await remember(h, place, as, { type, content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as MemoryWrite;
  expect(body.deduplicated).toBe(false);
  return body;
}

/** One page of GET /v1/memories for the project of `place`. */
export const listPage = (h: Harness, place: Place, as: TestUser, query: Record<string, string> = {}) =>
  h.request('GET', '/v1/memories', {
    as,
    query: { workspace_key: place.ws, project_key: place.project, ...query },
  });

/** A page of GET /v1/memories that must succeed. */
export async function recall(
  h: Harness,
  place: Place,
  as: TestUser,
  query: Record<string, string>,
): Promise<RecallPage> {
  const res = await listPage(h, place, as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecallPage;
}

/** Every item of a listing followed along next_cursor with the given page size. */
export async function allPages(
  h: Harness,
  place: Place,
  as: TestUser,
  query: Record<string, string>,
  limit: number,
): Promise<Recalled[]> {
  const items: Recalled[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const page = await recall(h, place, as, {
      ...query,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('paging did not end');
}

/** Every memory of a project in every status, newest first, read as the server admin. */
export const memoriesOf = (h: Harness, place: Place) =>
  allPages(h, place, h.admin, { status: ALL_STATUSES }, 200);

export const getMemory = (h: Harness, as: TestUser, id: string, query: Record<string, string> = {}) =>
  h.request('GET', `/v1/memories/${id}`, { as, query });

export const patchMemory = (h: Harness, as: TestUser, id: string, body: unknown) =>
  h.request('PATCH', `/v1/memories/${id}`, { as, body });

/** A PATCH that must succeed; answers the memory. */
export async function patched(
  h: Harness,
  as: TestUser,
  id: string,
  body: Record<string, unknown>,
): Promise<MemoryWrite> {
  const res = await patchMemory(h, as, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemoryWrite;
}

export const deleteMemory = (h: Harness, as: TestUser, id: string, query: Record<string, string> = {}) =>
  h.request('DELETE', `/v1/memories/${id}`, { as, query });

/** The memory part of a write answer. */
export const memoryOf = ({
  redactions: _r,
  deduplicated: _d,
  possibly_supersedes: _p,
  ...m
}: MemoryWrite): Memory => m;

/** A memory as the server admin reads it, or null where it does not exist. */
export async function readMemory(h: Harness, id: string): Promise<Memory | null> {
  const res = await getMemory(h, h.admin, id);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Memory;
}

/** Every version of a memory, newest first. */
export async function historyOf(h: Harness, id: string, as: TestUser = h.admin): Promise<MemoryVersion[]> {
  const res = await h.request('GET', `/v1/memories/${id}/history`, { as, query: { limit: '200' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as MemoryVersion[];
}

/** The memory.* entries of a workspace's audit log, newest first. */
export const memoryLog = (h: Harness, ws: string): Promise<AuditEntry[]> =>
  auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: 'memory.' });

/** Everything a memory request could change in a project: its memories and the memory audit entries. */
export const memoryState = async (h: Harness, place: Place) => ({
  memories: await memoriesOf(h, place),
  log: await memoryLog(h, place.ws),
});

/** A new project in the team's workspace with the team's roles (a clean slate for one test). */
export const freshProject = async (h: Harness, t: Team): Promise<Team> => ({
  ...t,
  project: await h.project(t.ws, [
    [t.maintainer, 'maintainer'],
    [t.writer, 'writer'],
    [t.reader, 'reader'],
  ]),
});

/** The id of a team's project, read from the database. */
export async function projectIdIn(h: Harness, place: Place): Promise<string> {
  const [row] = await h.database.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(workspaces, eq(projects.workspaceId, workspaces.id))
    .where(and(eq(workspaces.key, place.ws), eq(projects.key, place.project)));
  if (!row) throw new Error(`no project ${place.project} in ${place.ws}`);
  return row.id;
}

/** The score parts of a recalled memory, which must have been asked for with `explain=true`. */
export const explained = (item: Recalled) => {
  expect(item.explain, `${item.content} has no explain`).toBeDefined();
  return item.explain!;
};

export const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

/** Ids sorted the way the server breaks ties: newest (largest) first. */
export const byIdDesc = (list: string[]) => [...list].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));

/** Asserts a response is never a server error (any clean 2xx or 4xx). */
export function expectNo5xx(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
}

/**
 * A 400 `validation_failed` naming `path` or a field inside it (`query.type.0` for `query.type`);
 * `what` labels the failure.
 */
export function expectInvalidAt(res: LightMyRequestResponse, path: string, what = ''): void {
  expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBe(400);
  const error = expectError(res, 400, 'validation_failed');
  const paths = (error.details as Array<{ path: string }>).map((d) => d.path);
  expect(
    paths.some((x) => x === path || x.startsWith(`${path}.`)),
    `${what}: ${JSON.stringify(paths)} should name ${path}`,
  ).toBe(true);
}
