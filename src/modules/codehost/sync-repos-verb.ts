import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { syncWorkspaceRepos, type SyncAnswer } from './sync-repos.ts';

/** `POST .../codehost/sync-repos`: an admin syncs the workspace's repositories now. */
export async function syncRepos({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<SyncAnswer> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  requireCodehostApp(ctx);
  return syncWorkspaceRepos(ctx, access.workspace, 'manual');
}
