import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { AppError, invalidField, notFound } from '../../platform/http/errors.ts';
import { createProject } from '../projects/index.ts';
import {
  normalizedExternalId,
  normalizedSlug,
  type MappingKind,
  parseRemote,
  remoteIdentity,
  remoteProjectKey,
} from '../workspaces/index.ts';
import { monorepoSubpath, pathSegments } from './monorepo-subpath.ts';
import type { Resolution, resolveProjectBody } from './schemas.ts';
import { byPriority } from './mapping-order.ts';
import { projectKey, projectMembers, projects, type ProjectRow } from '../tenancy/index.ts';
import { requireWorkspaceRole, type WorkspaceAccess } from '../access/index.ts';
import type { ProjectMapping } from '../tenancy/index.ts';

type ResolveProjectInput = z.output<typeof resolveProjectBody>;

/** What the client told us, checked: a bad remote, folder or path is a 400, never a guess. */
function clues(input: ResolveProjectInput) {
  const remote = input.codehost_remote === undefined ? null : parseRemote(input.codehost_remote);
  if (input.codehost_remote !== undefined && !remote) {
    throw invalidField('body.codehost_remote', 'must be a git remote URL (e.g. git@github.com:acme/api.git)');
  }
  const slug = input.repo_root_slug === undefined ? null : normalizedSlug(input.repo_root_slug);
  if (input.repo_root_slug !== undefined && !slug) {
    throw invalidField('body.repo_root_slug', 'must be a folder name (letters, digits, . _ -)');
  }
  const path = input.relative_path === undefined ? { segments: [] } : pathSegments(input.relative_path);
  if ('problem' in path) throw invalidField('body.relative_path', path.problem);
  const manual = input.manual_project_key === undefined ? null : input.manual_project_key.trim();
  if (manual === '') throw invalidField('body.manual_project_key', 'must not be blank');
  return { remote, slug, segments: path.segments, manual };
}

const isProjectKey = (key: string) => projectKey.safeParse(key).success;

/**
 * The key prefix of a repository folder in a workspace without `key_prefixes`: a folder `api` is
 * the project `local:repo/api`, so a repository without a remote (`git init`) resolves too.
 */
const DEFAULT_FOLDER_PREFIX = 'local:repo';

/**
 * Which project a client is in: the workspace's `resolution_order` is tried source by source
 * (`codehost_remote`, `repo_root_slug`, `manual`), each with what the client gave. For a source, an
 * enabled mapping of that kind (highest priority first) names the project; else the key derives from
 * the clue (`codehost:owner/repo` from a remote; `<key prefix>/<folder>` from a folder, for each of
 * the workspace's `key_prefixes`, or `local:repo/<folder>` where it has none; the manual key
 * itself). With monorepo resolution on, `relative_path` picks the sub-project
 * `<repo key>#<first N segments>`, falling back to the repository's project. Existing projects are
 * looked for through every source first; only then, where `auto_create_project` is on, an unknown
 * repository becomes a project (the first source's most specific key; any member may trigger it
 * and becomes its maintainer). A manual key (or the project a manual mapping names) is the
 * caller's explicit choice: where the workspace uses the `manual` source, it must name an existing
 * project the caller can see, whatever the other clues say, else 404 naming it; it is never
 * created. Projects the caller cannot see never resolve, and nothing is created over them or
 * inside their repository. Nothing: 404.
 */
export async function resolveProject({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ResolveProjectInput;
}): Promise<Resolution> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const ws = access.workspace;
  const { remote, slug, segments, manual } = clues(input);
  const subpath = ws.enableMonorepoResolution ? monorepoSubpath(segments, ws.monorepoDetectionLevel) : null;
  // Enabled mappings in the order they are tried, their ids normalized once per request (as written
  // now; a mapping saved before normalization too): lookups below run once per source and prefix.
  const mappings = ws.projectMappings
    .filter((m) => m.enabled)
    .sort(byPriority)
    .map((m) => ({ mapping: m, id: matchedId(m) }));
  const mapped = (kind: MappingKind, id: string) =>
    mappings.find((m) => m.mapping.kind === kind && m.id === id)?.mapping.project_key;

  const repoKeys = (source: MappingKind): string[] => {
    if (source === 'codehost_remote' && remote) {
      const key = mapped(source, remoteIdentity(remote)) ?? remoteProjectKey(remote);
      return key ? [key] : [];
    }
    if (source === 'repo_root_slug' && slug) {
      const key = mapped(source, slug);
      const prefixes = ws.keyPrefixes.length ? ws.keyPrefixes : [DEFAULT_FOLDER_PREFIX];
      return key ? [key] : prefixes.map((p) => `${p.replace(/\/+$/, '')}/${slug}`);
    }
    if (source === 'manual' && manual) {
      const key = mapped(source, manual) ?? manual;
      if (!isProjectKey(key))
        throw invalidField('body.manual_project_key', 'is neither a project key nor a manual mapping');
      return [key];
    }
    return [];
  };

  // Each source's candidate keys, most specific first (a sub-project before its repository).
  const plans = (ws.resolutionOrder as MappingKind[]).flatMap((source) => {
    const repos = repoKeys(source).filter(isProjectKey);
    const withSub = source !== 'manual' ? subpath : null;
    const keys = repos.flatMap((k) => (withSub && !k.includes('#') ? [`${k}#${withSub}`, k] : [k]));
    return repos.length ? [{ source, repos, keys: keys.filter(isProjectKey), subpath: withSub }] : [];
  });
  const done = (plan: (typeof plans)[number], project: ProjectRow, created: boolean) => {
    const ownSub = project.key.includes('#') ? project.key.slice(project.key.indexOf('#') + 1) : null;
    return answer(access, project, plan.source, created, ownSub ?? plan.subpath);
  };
  // First pass: an existing project the caller can see, source by source in the workspace's order.
  const known = await visibleProjects(ctx, access, [...new Set(plans.flatMap((p) => p.keys))]);
  const manualKey = plans.find((p) => p.source === 'manual')?.keys[0];
  if (manualKey && manual && !known.get(manualKey)?.visible) {
    throw unknownManualKey(ws.key, manualKey, manual);
  }
  for (const plan of plans) {
    const hit = plan.keys.map((k) => known.get(k)).find((row) => row?.visible);
    if (hit) return done(plan, hit.project, false);
  }
  // Second pass, where auto_create_project is on: the first source's most specific key is created,
  // unless a project the caller cannot see already holds it or its repository. (A manual key names
  // an existing project, checked above: the first pass found it, so the first source is never it.)
  const first = plans[0];
  const firstKey = first?.keys[0];
  if (
    ws.autoCreateProject &&
    first &&
    firstKey &&
    first.source !== 'manual' &&
    !first.keys.concat(first.repos).some((k) => known.has(k))
  ) {
    const found = await createOrFind(ctx, access, firstKey);
    if (found) return done(first, found.project, found.created);
  }
  throw notFound(
    plans.length
      ? `A project of workspace ${ws.key} for these clues (tried ${plans.map((p) => p.source).join(', ')})`
      : `A project of workspace ${ws.key} for these clues`,
  );
}

/** The 404 of a manual key that names no project the caller can see (never created). */
function unknownManualKey(workspaceKey: string, key: string, given: string): AppError {
  const named = key === given ? 'the manual project key' : `manual mapping "${given}"`;
  return new AppError(
    'not_found',
    `Project ${key} (${named}) not found in workspace ${workspaceKey}: a manual project key must name an existing project you can see; it is never created`,
  );
}

/** A stored mapping's external id as it is matched (normalized), or null when it cannot match. */
function matchedId(m: ProjectMapping): string | null {
  const normalized = normalizedExternalId(m.kind, m.external_id);
  return 'id' in normalized ? normalized.id : null;
}

const answer = (
  access: WorkspaceAccess,
  project: ProjectRow,
  resolvedBy: MappingKind,
  created: boolean,
  subpath: string | null,
): Resolution => ({
  workspace_key: access.workspace.key,
  project,
  resolved_by: resolvedBy,
  created,
  subpath,
  auto_switch_repo: access.workspace.autoSwitchRepo,
  auto_switch_subproject: access.workspace.autoSwitchSubproject,
});

/** Creates the project (auto_create_project); created meanwhile by another request, it is found instead. */
async function createOrFind(
  ctx: Ctx,
  access: WorkspaceAccess,
  key: string,
): Promise<{ project: ProjectRow; created: boolean } | null> {
  try {
    const { project } = await createProject({ ctx, input: { workspace_key: access.workspace.key, key } });
    return { project, created: true };
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'conflict')) throw err;
    const again = (await visibleProjects(ctx, access, [key])).get(key);
    return again?.visible ? { project: again.project, created: false } : null;
  }
}

async function visibleProjects(ctx: Ctx, access: WorkspaceAccess, keys: string[]) {
  if (keys.length === 0) return new Map<string, { project: ProjectRow; visible: boolean }>();
  const rows = await ctx.db
    .select({ project: projects, memberRole: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, access.actor.userId)),
    )
    .where(and(eq(projects.workspaceId, access.workspace.id), inArray(projects.key, keys)));
  const seesAll = access.role !== 'member';
  return new Map(
    rows.map((r) => [r.project.key, { project: r.project, visible: seesAll || r.memberRole !== null }]),
  );
}
