import { and, eq, lt, ne } from 'drizzle-orm';
import type { Ctx, UserActor } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError, conflict, forbidden, gone, invalidField } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { appendAudit } from '../audit/index.ts';
import { users, workspaces } from '../tenancy/index.ts';
import { callCodehost } from './codehost-api.ts';
import { clientFor, requireCodehostApp } from './codehost-app.ts';
import { verifyState } from './install-state.ts';
import { syncReposJob } from './sync-repos-job.ts';
import { codehostInstallations, codehostRepos, codehostStateUses, type InstallationRow } from './table.ts';

/** The installation as the code host describes it (`GET /app/installations/{id}`), the fields we keep. */
interface FetchedInstallation {
  id: number;
  account: { login: string; type: string };
  repositorySelection: 'all' | 'selected';
  suspended: boolean;
}

async function fetchInstallation(ctx: Ctx, installationId: number): Promise<FetchedInstallation> {
  const app = requireCodehostApp(ctx);
  return callCodehost(async () => {
    try {
      const { data } = await clientFor(ctx, app).request('GET /app/installations/{installation_id}', {
        installation_id: installationId,
      });
      const account = data.account && 'login' in data.account ? data.account : null;
      return {
        id: data.id,
        account: { login: account?.login ?? 'unknown', type: account?.type ?? 'Organization' },
        repositorySelection: data.repository_selection,
        suspended: Boolean(data.suspended_at),
      };
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        throw invalidField('query.installation_id', `is not an installation of this app (${installationId})`);
      }
      throw error;
    }
  });
}

/** The admin the state names, as the actor of the connection: still admin or owner, or 403. */
async function actingAdmin(ctx: Ctx, userId: string, workspaceId: string) {
  const [row] = await ctx.db
    .select({ user: users, workspaceKey: workspaces.key })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, workspaceId))
    .where(eq(users.id, userId));
  const denied = () =>
    forbidden('The admin who asked for this install link is no longer an admin or owner of the workspace');
  if (!row) throw denied();
  const actor: UserActor = {
    kind: 'user',
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    isAdmin: row.user.isAdmin,
    apiKeyId: null,
  };
  const asAdmin = { ...ctx, actor };
  const check = async (ctx: Ctx) => {
    try {
      return await requireWorkspaceRole(ctx, row.workspaceKey, 'admin', { lock: true });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'forbidden' || error.code === 'not_found'))
        throw denied();
      throw error;
    }
  };
  return { asAdmin, check };
}

/**
 * The code host's redirect after an install: the state is checked (signature, expiry), its admin
 * must still be admin or owner of its workspace, the installation is read from the code host, and
 * then, in one transaction, the state is used up (a second use is 410), the installation is stored
 * as the workspace's only one (replacing another, whose repositories are deactivated), audited,
 * and a first repository sync is queued. An installation already serving another workspace is a
 * conflict. Any refusal writes nothing.
 */
export async function connectInstallation({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { installation_id: number; state: string };
}): Promise<{ workspace_key: string; installation: InstallationRow; connectedByEmail: string }> {
  const app = requireCodehostApp(ctx);
  const state = verifyState(app.stateSecret, input.state, ctx.now());
  const admin = await actingAdmin(ctx, state.userId, state.workspaceId);
  await admin.check(admin.asAdmin);
  const fetched = await fetchInstallation(ctx, input.installation_id);
  if (fetched.suspended) {
    throw conflict(
      `Installation ${fetched.id} is suspended at the code host; unsuspend it, then connect again`,
    );
  }
  return inTransaction(admin.asAdmin, async (ctx) => {
    const access = await admin.check(ctx);
    const ws = access.workspace;
    const now = ctx.now();
    await ctx.db.delete(codehostStateUses).where(lt(codehostStateUses.expiresAt, now));
    const [used] = await ctx.db
      .insert(codehostStateUses)
      .values({ nonce: state.nonce, workspaceId: ws.id, expiresAt: state.expiresAt })
      .onConflictDoNothing()
      .returning();
    if (!used) throw gone('This install link was already used; ask for a new one');
    const [elsewhere] = await ctx.db
      .select({ id: codehostInstallations.id })
      .from(codehostInstallations)
      .where(
        and(
          eq(codehostInstallations.installationId, fetched.id),
          ne(codehostInstallations.workspaceId, ws.id),
        ),
      );
    if (elsewhere) throw conflict(`Installation ${fetched.id} is already connected to another workspace`);
    const [previous] = await ctx.db
      .select()
      .from(codehostInstallations)
      .where(eq(codehostInstallations.workspaceId, ws.id))
      .for('update');
    const values = {
      installationId: fetched.id,
      accountLogin: fetched.account.login,
      accountType: fetched.account.type,
      repositorySelection: fetched.repositorySelection,
      connectedBy: access.actor.userId,
      connectedAt: now,
      // The code host answered it as not suspended (a suspended one is refused above).
      suspendedAt: null,
    };
    const replaced = previous && previous.installationId !== fetched.id ? previous.installationId : null;
    const [installation] = previous
      ? await ctx.db
          .update(codehostInstallations)
          .set({ ...values, ...(replaced ? { lastSyncAt: null, lastSyncResult: null } : {}) })
          .where(eq(codehostInstallations.id, previous.id))
          .returning()
      : await ctx.db
          .insert(codehostInstallations)
          .values({ id: newId('chi'), workspaceId: ws.id, ...values })
          .returning();
    if (replaced) {
      await ctx.db
        .update(codehostRepos)
        .set({ active: false, updatedAt: now })
        .where(and(eq(codehostRepos.workspaceId, ws.id), eq(codehostRepos.active, true)));
    }
    await appendAudit(ctx, {
      workspaceId: ws.id,
      action: 'codehost.installation.connected',
      target: { type: 'codehost_installation', id: String(fetched.id) },
      params: {
        installation_id: fetched.id,
        account: fetched.account.login,
        repository_selection: fetched.repositorySelection,
        replaced_installation_id: replaced,
      },
    });
    await enqueueJobs(ctx, syncReposJob, [
      { workspaceId: ws.id, payload: { workspace_id: ws.id, trigger: 'connected' } },
    ]);
    return {
      workspace_key: ws.key,
      installation: installation as InstallationRow,
      connectedByEmail: access.actor.email,
    };
  });
}
