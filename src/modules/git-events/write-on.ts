import type { Ctx } from '../../platform/context.ts';
import { integrationsIn } from '../integrations/index.ts';
import type { GitEventKind } from './table.ts';

/**
 * Whether a git event of `kind` is audited in a workspace: its tracker or wiki integration is
 * enabled with `write_on_commit` (commits) or `write_on_merge` (merges) on. The flags only route
 * the event to the audit log (and so to chat); nothing is ever written to the tracker or wiki.
 */
export async function auditsGitEvent(ctx: Ctx, workspaceId: string, kind: GitEventKind): Promise<boolean> {
  const sites = await integrationsIn(ctx, workspaceId, ['tracker', 'wiki'] as const);
  return sites.some((site) => {
    const on = kind === 'commit' ? site.fields.write_on_commit : site.fields.write_on_merge;
    return site.enabled && on === true;
  });
}
