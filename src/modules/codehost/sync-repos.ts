import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SYNC_TRIGGERS } from '../audit/index.ts';
import { appendAudit } from '../audit/index.ts';
import { createLinkedProjects } from '../projects/index.ts';
import { workspaces, type WorkspaceRow } from '../tenancy/index.ts';
import { repoProjectKey } from './repo-project-key.ts';
import { codehostFailure } from './codehost-api.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { fetchRepos } from './fetch-repos.ts';
import { diffRepos, type FetchedRepo } from './repo-diff.ts';
import { activeInstallation } from './installation-row.ts';
import { codehostInstallations, codehostRepos, type SyncResult } from './table.ts';

export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

export interface SyncAnswer {
  added: number;
  updated: number;
  deactivated: number;
  total: number;
  projects_created: number;
  synced_at: Date;
}

const CHUNK = 1000;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The links written for repositories that are new or changed: upserted by repository id. */
async function upsertLinks(ctx: Ctx, workspaceId: string, repos: readonly FetchedRepo[]): Promise<void> {
  const now = ctx.now();
  for (const part of chunks(repos)) {
    const rows = part.map((repo) => ({
      id: newId('chr'),
      workspaceId,
      ...repo,
      active: true,
      createdAt: now,
      updatedAt: now,
    }));
    await ctx.db.execute(
      insertJsonRows(
        codehostRepos,
        rows,
        sql`on conflict (workspace_id, repo_id) do update set full_name = excluded.full_name,
          private = excluded.private, default_branch = excluded.default_branch,
          html_url = excluded.html_url, active = true, updated_at = excluded.updated_at`,
      ),
    );
  }
}

/**
 * Compares what the installation reaches with the workspace's links, in one transaction that
 * holds the installation row: links upserted, unreachable ones deactivated, projects created where
 * `auto_create_project` is on, the result kept on the installation and audited. A sync that finds
 * the installation replaced since it fetched is a conflict (the next sync covers the new one).
 */
async function applySync(
  ctx: Ctx,
  workspace: WorkspaceRow,
  installationId: number,
  fetched: FetchedRepo[],
  trigger: SyncTrigger,
): Promise<SyncAnswer> {
  return inTransaction(ctx, async (ctx) => {
    const [installation] = await ctx.db
      .select()
      .from(codehostInstallations)
      .where(eq(codehostInstallations.workspaceId, workspace.id))
      .for('update');
    if (installation?.installationId !== installationId) {
      throw conflict('The code host installation changed during the sync; sync again');
    }
    const links = await ctx.db
      .select({
        repoId: codehostRepos.repoId,
        fullName: codehostRepos.fullName,
        private: codehostRepos.private,
        defaultBranch: codehostRepos.defaultBranch,
        htmlUrl: codehostRepos.htmlUrl,
        active: codehostRepos.active,
      })
      .from(codehostRepos)
      .where(eq(codehostRepos.workspaceId, workspace.id));
    const diff = diffRepos(links, fetched);
    const now = ctx.now();
    await upsertLinks(ctx, workspace.id, [...diff.added, ...diff.updated]);
    for (const part of chunks(diff.deactivated)) {
      await ctx.db
        .update(codehostRepos)
        .set({ active: false, updatedAt: now })
        .where(and(eq(codehostRepos.workspaceId, workspace.id), inArray(codehostRepos.repoId, part)));
    }
    const keys = workspace.autoCreateProject
      ? fetched.flatMap((repo) => repoProjectKey(repo.htmlUrl) ?? [])
      : [];
    const projectsCreated = await createLinkedProjects(ctx, workspace, keys);
    const counts = {
      added: diff.added.length,
      updated: diff.updated.length,
      deactivated: diff.deactivated.length,
      total: diff.total,
      projects_created: projectsCreated,
    };
    const result: SyncResult = { status: 'ok', trigger, ...counts };
    await ctx.db
      .update(codehostInstallations)
      .set({ lastSyncAt: now, lastSyncResult: result })
      .where(eq(codehostInstallations.id, installation.id));
    await appendAudit(ctx, {
      workspaceId: workspace.id,
      action: 'codehost.repos.synced',
      target: { type: 'codehost_installation', id: String(installationId) },
      params: { ...counts, trigger },
    });
    return { ...counts, synced_at: now };
  });
}

/** A failed sync is kept on the installation and audited; the links are left as they were. */
async function recordFailure(ctx: Ctx, workspace: WorkspaceRow, trigger: SyncTrigger, error: string) {
  await inTransaction(ctx, async (ctx) => {
    const result: SyncResult = { status: 'failed', trigger, error };
    const [installation] = await ctx.db
      .update(codehostInstallations)
      .set({ lastSyncAt: ctx.now(), lastSyncResult: result })
      .where(eq(codehostInstallations.workspaceId, workspace.id))
      .returning();
    if (!installation) return;
    await appendAudit(ctx, {
      workspaceId: workspace.id,
      action: 'codehost.repos.sync_failed',
      target: { type: 'codehost_installation', id: String(installation.installationId) },
      params: { error, trigger },
    });
  });
}

/** Syncs running in this process, by workspace: a second request joins the first. */
const running = new Map<string, Promise<SyncAnswer>>();

/**
 * Syncs a workspace's repository links with what its installation reaches (the caller has checked
 * access). The installation token is minted for this sync and dropped with it. Two syncs of one
 * workspace at once in one process are one sync with one answer; across processes, the
 * installation row's lock orders them and the second finds nothing left to change.
 */
export function syncWorkspaceRepos(
  ctx: Ctx,
  workspace: WorkspaceRow,
  trigger: SyncTrigger,
): Promise<SyncAnswer> {
  const current = running.get(workspace.id);
  if (current) return current;
  const sync = (async () => {
    const app = requireCodehostApp(ctx);
    const installation = await activeInstallation(ctx, workspace);
    let fetched: FetchedRepo[];
    try {
      fetched = await fetchRepos(ctx, app, installation.installationId);
    } catch (error) {
      const failure = codehostFailure(error);
      await recordFailure(ctx, workspace, trigger, failure.message);
      throw failure;
    }
    return applySync(ctx, workspace, installation.installationId, fetched, trigger);
  })().finally(() => running.delete(workspace.id));
  running.set(workspace.id, sync);
  return sync;
}

/** The workspace a job names, or undefined when it is gone. */
export async function workspaceById(ctx: Ctx, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}
