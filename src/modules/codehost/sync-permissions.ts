import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit, type SYNC_TRIGGERS } from '../audit/index.ts';
import { applySyncedMemberships } from '../projects/index.ts';
import { projectMembers, projects, workspaceMembers, type WorkspaceRow } from '../tenancy/index.ts';
import { clientFor, requireCodehostApp } from './codehost-app.ts';
import { fetchRepoAccess } from './fetch-repo-access.ts';
import { planPermissions, type CurrentMembership, type PermissionPlan } from './permission-plan.ts';
import { repoProjectKey } from './repo-project-key.ts';
import { activeInstallation } from './installation-row.ts';
import { codehostRepos } from './table.ts';
import { usersOfLogins } from './users-of-logins.ts';

type Trigger = (typeof SYNC_TRIGGERS)[number];

export interface PermissionSyncResult {
  dryRun: boolean;
  correlationId: string;
  repositories: number;
  plan: PermissionPlan;
}

/** Linked repositories (all active ones, or those with the given ids) that have a project. */
async function linkedProjects(ctx: Ctx, workspace: WorkspaceRow, repoIds?: readonly number[]) {
  const links = await ctx.db
    .select({
      repoId: codehostRepos.repoId,
      fullName: codehostRepos.fullName,
      htmlUrl: codehostRepos.htmlUrl,
    })
    .from(codehostRepos)
    .where(
      and(
        eq(codehostRepos.workspaceId, workspace.id),
        eq(codehostRepos.active, true),
        repoIds ? inArray(codehostRepos.repoId, [...repoIds]) : undefined,
      ),
    );
  const keyed = links.flatMap((link) => {
    const key = repoProjectKey(link.htmlUrl);
    return key ? [{ ...link, key }] : [];
  });
  if (keyed.length === 0) return [];
  const rows = await ctx.db
    .select({ id: projects.id, key: projects.key })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, workspace.id),
        inArray(
          projects.key,
          keyed.map((l) => l.key),
        ),
      ),
    );
  const byKey = new Map(rows.map((p) => [p.key, p]));
  return keyed.flatMap((link) => {
    const project = byKey.get(link.key);
    return project ? [{ fullName: link.fullName, project }] : [];
  });
}

/**
 * Reconciles the project members of the workspace's linked repositories' projects with who may
 * access each repository at the code host (all active links, or `repoIds`). With `dryRun` it answers
 * the plan and changes nothing; else it applies it in one transaction: every change writes its
 * access entry (source `codehost`, the run's correlation id, the repository and permission as
 * evidence), and the run writes `codehost.permissions.synced`. Network reads happen before the
 * transaction opens.
 */
export async function syncWorkspacePermissions(
  ctx: Ctx,
  workspace: WorkspaceRow,
  options: { dryRun: boolean; trigger: Trigger; correlationId?: string; repoIds?: readonly number[] },
): Promise<PermissionSyncResult> {
  const app = requireCodehostApp(ctx);
  const installation = await activeInstallation(ctx, workspace);
  const client = clientFor(ctx, app, installation.installationId);
  const linked = await linkedProjects(ctx, workspace, options.repoIds);
  const repos = await fetchRepoAccess(client, linked, {
    organisation: installation.accountType === 'Organization',
  });
  const logins = [...new Set(repos.flatMap((r) => r.collaborators.map((c) => c.login)))];
  const userOfLogin = await usersOfLogins(ctx, client, app.apiUrl, logins);
  const correlationId = options.correlationId ?? newId('cor');
  const plan = async (ctx: Ctx) => {
    const members = await ctx.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspace.id));
    const projectIds = repos.map((r) => r.project.id);
    const current: CurrentMembership[] = [];
    for (let i = 0; i < projectIds.length; i += 1000) {
      current.push(
        ...(await ctx.db
          .select({
            projectId: projectMembers.projectId,
            userId: projectMembers.userId,
            role: projectMembers.role,
            source: projectMembers.source,
          })
          .from(projectMembers)
          .where(inArray(projectMembers.projectId, projectIds.slice(i, i + 1000)))),
      );
    }
    return planPermissions({
      repos,
      userOfLogin,
      workspaceMembers: new Set(members.map((m) => m.userId)),
      current,
      mapping: installation.roleMapping,
    });
  };
  const answer = (p: PermissionPlan) => ({
    dryRun: options.dryRun,
    correlationId,
    repositories: repos.length,
    plan: p,
  });
  if (options.dryRun) return answer(await plan(ctx));
  return inTransaction(ctx, async (ctx) => {
    const planned = await plan(ctx);
    const changes = [...planned.adds, ...planned.changes, ...planned.removes];
    await applySyncedMemberships(ctx, workspace, changes, { source: 'codehost', correlationId });
    await appendAudit(ctx, {
      workspaceId: workspace.id,
      action: 'codehost.permissions.synced',
      target: { type: 'codehost_installation', id: String(installation.installationId) },
      params: {
        added: planned.adds.length,
        changed: planned.changes.length,
        removed: planned.removes.length,
        skipped_unknown: planned.unknownLogins.length,
        skipped_not_members: planned.notMembers.length,
        kept_manual: planned.keptManual,
        repositories: repos.length,
        trigger: options.trigger,
      },
      correlationId,
    });
    return answer(planned);
  });
}
