import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { SYNC_TRIGGERS } from '../audit/index.ts';
import { workspaceById } from './sync-repos.ts';
import { syncWorkspacePermissions } from './sync-permissions.ts';

/**
 * A permission sync in the background: queued by webhooks (for the repositories an event names,
 * or all) and every night. A workspace or installation gone by then ends the job quietly.
 */
export const syncPermissionsJob = defineJob({
  kind: 'codehost.sync_permissions',
  payload: z.object({
    workspace_id: z.string().min(1),
    trigger: z.enum(SYNC_TRIGGERS),
    correlation_id: z.string().min(1).max(200).optional(),
    repo_ids: z.array(z.number().int()).max(10_000).optional(),
  }),
  async handle({ payload, ctx, job }) {
    const workspace = await workspaceById(ctx, payload.workspace_id);
    if (!workspace || !ctx.config.codehost) return;
    try {
      await syncWorkspacePermissions(ctx, workspace, {
        dryRun: false,
        trigger: payload.trigger,
        correlationId: payload.correlation_id ?? job.id,
        ...(payload.repo_ids ? { repoIds: payload.repo_ids } : {}),
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'conflict') return;
      throw error;
    }
  },
});
