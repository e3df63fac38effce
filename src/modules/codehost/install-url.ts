import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { appPage, requireCodehostApp } from './codehost-app.ts';
import { signState, STATE_TTL_MS } from './install-state.ts';

/**
 * The link a workspace admin follows to install the app at the code host: the app's install page
 * with a state naming the workspace and the admin, signed, good for one connection within 10
 * minutes. Nothing is written until the code host sends the admin back to the callback.
 */
export async function getInstallUrl({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<{ install_url: string; expires_at: Date }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  const app = requireCodehostApp(ctx);
  const expiresAt = new Date(ctx.now().getTime() + STATE_TTL_MS);
  const state = signState(app.stateSecret, {
    workspaceId: access.workspace.id,
    userId: access.actor.userId,
    expiresAt,
  });
  const page = await appPage(ctx, app);
  return {
    install_url: `${page}/installations/new?state=${encodeURIComponent(state)}`,
    expires_at: expiresAt,
  };
}
