import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { SYNC_TRIGGERS } from '../audit/index.ts';
import { syncWorkspaceRepos, workspaceById } from './sync-repos.ts';

/**
 * A repository sync in the background: queued when an installation is connected and, later, by
 * webhooks and the schedule. A workspace or installation gone by then ends the job quietly.
 */
export const syncReposJob = defineJob({
  kind: 'codehost.sync_repos',
  payload: z.object({ workspace_id: z.string().min(1), trigger: z.enum(SYNC_TRIGGERS) }),
  async handle({ payload, ctx }) {
    const workspace = await workspaceById(ctx, payload.workspace_id);
    if (!workspace || !ctx.config.codehost) return;
    try {
      await syncWorkspaceRepos(ctx, workspace, payload.trigger);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'conflict') return;
      throw error;
    }
  },
});
