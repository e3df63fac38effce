import { STATUS_CODES } from 'node:http';
import type { FakeReply } from './fake-server.ts';

// The code host fake's fixtures (what a test gives), what it stores, and the JSON GitHub's REST
// API answers for apps, installations, repositories, collaborators, users and errors.

export type RoleName = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export interface FakeRepo {
  id?: number;
  /** owner/name */
  full_name: string;
  private?: boolean;
  default_branch?: string;
  archived?: boolean;
}
export interface FakeCollaborator {
  login: string;
  id?: number;
  /** The public, verified e-mail that `GET /users/{login}` shows. */
  email?: string | null;
  permission: RoleName;
  /** Slug of the team the access comes through (left out by `affiliation=direct`). */
  team?: string;
}
export interface FakeInstallation {
  id: number;
  account: { login: string; type?: 'Organization' | 'User' };
  repository_selection?: 'all' | 'selected';
  repositories: FakeRepo[];
  suspended?: boolean;
}

export interface StoredRepo {
  id: number;
  owner: string;
  name: string;
  full_name: string;
  private: boolean;
  default_branch: string;
  archived: boolean;
}
export interface StoredInstallation {
  id: number;
  account: { login: string; id: number; type: 'Organization' | 'User' };
  repository_selection: 'all' | 'selected';
  repos: StoredRepo[];
  /** By lower-cased full name: GitHub's names are case-insensitive. */
  byName: Map<string, StoredRepo>;
  created_at: string;
  suspended_at: string | null;
}
export interface StoredCollaborator {
  login: string;
  id: number;
  permission: RoleName;
  team?: string;
}
export interface StoredUser {
  login: string;
  id: number;
  name: string | null;
  email: string | null;
}

const APP_SLUG = 'ctxhub-test';
export const DOCS_URL = 'https://docs.github.com/rest';
export const INSTALLATION_PERMISSIONS = { metadata: 'read', members: 'read', contents: 'read' } as const;
const EVENTS = ['installation_target', 'member', 'membership', 'organization', 'repository', 'team'];

/** GitHub's error body, `{ message, documentation_url }`. */
export const githubError = (status: number, message?: string): FakeReply => ({
  status,
  body: { message: message ?? STATUS_CODES[status] ?? 'Error', documentation_url: DOCS_URL },
});

/** The 403 GitHub gives when a client trips a secondary rate limit, for `failNext`. */
export function secondaryRateLimit(retryAfterSeconds: number): FakeReply {
  return {
    status: 403,
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.',
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
    },
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** `n` repositories `owner/repo-0001` ... for tests and benchmarks (ids left to the fake). */
export function makeRepos(
  owner: string,
  n: number,
  opts: Omit<FakeRepo, 'full_name' | 'id'> = {},
): FakeRepo[] {
  const width = Math.max(4, String(n).length);
  return Array.from({ length: n }, (_, i) => ({
    ...opts,
    full_name: `${owner}/repo-${String(i + 1).padStart(width, '0')}`,
  }));
}

/** GitHub's legacy global node id, e.g. `MDEwOlJlcG9zaXRvcnkx` for repository 1. */
const nodeId = (type: string, id: number) => Buffer.from(`0${type.length}:${type}${id}`).toString('base64');

export function appJson(appId: number): object {
  return {
    id: appId,
    slug: APP_SLUG,
    node_id: nodeId('Integration', appId),
    name: 'ctxhub test',
    owner: { login: 'ctxhub', id: 1, type: 'Organization' },
    description: 'The GitHub App a ctxhub test talks to',
    html_url: `https://github.com/apps/${APP_SLUG}`,
    permissions: INSTALLATION_PERMISSIONS,
    events: EVENTS,
  };
}

export function installationJson(inst: StoredInstallation, appId: number, origin: string): object {
  const { login, id, type } = inst.account;
  const settings = type === 'Organization' ? `organizations/${login}/settings` : 'settings';
  return {
    id: inst.id,
    account: { login, id, node_id: nodeId(type, id), type, html_url: `https://github.com/${login}` },
    repository_selection: inst.repository_selection,
    access_tokens_url: `${origin}/app/installations/${inst.id}/access_tokens`,
    repositories_url: `${origin}/installation/repositories`,
    html_url: `https://github.com/${settings}/installations/${inst.id}`,
    app_id: appId,
    app_slug: APP_SLUG,
    target_id: id,
    target_type: type,
    permissions: INSTALLATION_PERMISSIONS,
    events: EVENTS,
    created_at: inst.created_at,
    updated_at: inst.suspended_at ?? inst.created_at,
    suspended_at: inst.suspended_at,
    suspended_by: null,
  };
}

export function repoJson(repo: StoredRepo, owner: StoredInstallation['account']): object {
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: repo.full_name,
    private: repo.private,
    owner: { login: repo.owner, id: owner.id, type: owner.type },
    html_url: `https://github.com/${repo.full_name}`,
    default_branch: repo.default_branch,
    archived: repo.archived,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
  };
}

/** Each level implies the ones below it: admin ⊃ maintain ⊃ push ⊃ triage ⊃ pull. */
const LEVELS: RoleName[] = ['read', 'triage', 'write', 'maintain', 'admin'];

export function collaboratorJson(c: StoredCollaborator): object {
  const level = LEVELS.indexOf(c.permission);
  const [pull, triage, push, maintain, admin] = LEVELS.map((_, i) => level >= i);
  return {
    ...userBase(c),
    permissions: { admin, maintain, push, triage, pull },
    role_name: c.permission,
  };
}

/** A team as `GET /repos/{owner}/{repo}/teams` lists it, with its permission on that repository. */
export function teamJson(org: string, slug: string, id: number, permission: RoleName): object {
  const level = LEVELS.indexOf(permission);
  const [pull, triage, push, maintain, admin] = LEVELS.map((_, i) => level >= i);
  const legacy = permission === 'write' ? 'push' : permission === 'read' ? 'pull' : permission;
  return {
    id,
    node_id: nodeId('Team', id),
    slug,
    name: slug,
    privacy: 'closed',
    html_url: `https://github.com/orgs/${org}/teams/${slug}`,
    permission: legacy,
    permissions: { admin, maintain, push, triage, pull },
  };
}

/** The stronger of two permissions. */
export const strongerRole = (a: RoleName, b: RoleName): RoleName =>
  LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b;

export function userJson(user: StoredUser): object {
  return { ...userBase(user), name: user.name, email: user.email };
}

/** The short user object lists carry (no name or e-mail). */
export const userBase = ({ login, id }: { login: string; id: number }) => ({
  login,
  id,
  node_id: nodeId('User', id),
  html_url: `https://github.com/${login}`,
  type: 'User',
  site_admin: false,
});
