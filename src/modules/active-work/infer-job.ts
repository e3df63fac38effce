import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { projects } from '../tenancy/index.ts';
import { applyEvidence } from './apply-evidence.ts';
import { ciEvidence, memoryEvidence, WORK_MEMORY_TYPES } from './read-evidence.ts';

const evidenceRef = z.object({ source: z.enum(['memory', 'ci']), id: z.string().min(1).max(100) });
type EvidenceRef = z.infer<typeof evidenceRef>;

/** Evidence references one job carries at most (an import's commit is split over several). */
const PER_JOB = 200;

/**
 * Active Work inference in the background: each referenced memory or CI run is read and applied
 * to its project's items in order, each in its own transaction (applyEvidence). Evidence that is
 * gone by then is skipped; evidence applied before is not applied again.
 */
export const inferActiveWorkJob = defineJob({
  kind: 'active_work.infer',
  payload: z.object({
    workspace_id: z.string().min(1),
    project_key: z.string().min(1).max(300),
    refs: z.array(evidenceRef).min(1).max(PER_JOB),
  }),
  async handle({ payload, ctx }) {
    const [project] = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, payload.workspace_id), eq(projects.key, payload.project_key)));
    if (!project) return;
    for (const ref of payload.refs) {
      const evidence =
        ref.source === 'memory'
          ? await memoryEvidence(ctx, project.id, ref.id)
          : await ciEvidence(ctx, ref.id);
      if (evidence) await applyEvidence(ctx, project.id, evidence);
    }
  },
});

/** What inference reads of an appended audit entry. */
interface AppendedEntry {
  id: string;
  workspaceId: string | null;
  action: string;
  params: Record<string, unknown>;
}

/** The evidence an appended audit entry points at: a work memory stored, or a CI run of a project. */
function evidenceOf(entry: AppendedEntry): { projectKey: string; ref: EvidenceRef } | null {
  const p = entry.params;
  const projectKey = typeof p.project_key === 'string' ? p.project_key : null;
  if (!projectKey || !entry.workspaceId) return null;
  if (entry.action === 'memory.created' && (WORK_MEMORY_TYPES as readonly unknown[]).includes(p.type)) {
    return typeof p.memory_id === 'string'
      ? { projectKey, ref: { source: 'memory', id: p.memory_id } }
      : null;
  }
  if (entry.action === 'ci.success' || entry.action === 'ci.failure') {
    return { projectKey, ref: { source: 'ci', id: entry.id } };
  }
  return null;
}

/**
 * Queues inference for the evidence among freshly appended audit entries, in the transaction that
 * appends them (so it runs only if the change commits, and never on the request path): one job per
 * project and PER_JOB references.
 */
export async function queueActiveWorkEvidence(ctx: Ctx, entries: readonly AppendedEntry[]): Promise<void> {
  const byProject = new Map<string, { workspaceId: string; projectKey: string; refs: EvidenceRef[] }>();
  for (const entry of entries) {
    const found = evidenceOf(entry);
    if (!found || !entry.workspaceId) continue;
    const key = `${entry.workspaceId}\0${found.projectKey}`;
    const group = byProject.get(key) ?? {
      workspaceId: entry.workspaceId,
      projectKey: found.projectKey,
      refs: [],
    };
    group.refs.push(found.ref);
    byProject.set(key, group);
  }
  const inputs = [...byProject.values()].flatMap((group) => {
    const jobs = [];
    for (let i = 0; i < group.refs.length; i += PER_JOB) {
      jobs.push({
        workspaceId: group.workspaceId,
        payload: {
          workspace_id: group.workspaceId,
          project_key: group.projectKey,
          refs: group.refs.slice(i, i + PER_JOB),
        },
      });
    }
    return jobs;
  });
  await enqueueJobs(ctx, inferActiveWorkJob, inputs);
}
