import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { projects } from '../tenancy/index.ts';
import { applyEvidence } from './apply-evidence.ts';
import { type Evidence } from './evidence.ts';
import { inlineEvidence } from './inline-evidence.ts';
import { ciEvidence, memoryEvidence, WORK_MEMORY_TYPES } from './read-evidence.ts';

/** Evidence a job reads when it runs (a memory, a CI run's audit entry), or carries whole. */
const evidenceRef = z.discriminatedUnion('source', [
  z.object({ source: z.enum(['memory', 'ci']), id: z.string().min(1).max(100) }),
  z.object({ source: z.literal('inline'), evidence: inlineEvidence }),
]);
type EvidenceRef = z.input<typeof evidenceRef>;

/** Evidence references one job carries at most (an import's commit is split over several). */
const PER_JOB = 200;

/**
 * Active Work inference in the background: each referenced memory or CI run is read (evidence
 * another module sends, such as a git event, comes whole) and applied to its project's items in
 * order, each in its own transaction (applyEvidence). Evidence that is gone by then is skipped;
 * evidence applied before is not applied again.
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
      const evidence: Evidence | null =
        ref.source === 'inline'
          ? ref.evidence
          : ref.source === 'memory'
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

interface Found {
  workspaceId: string;
  projectKey: string;
  ref: EvidenceRef;
}

/** One job per project and PER_JOB references, queued in the caller's transaction. */
async function queueFound(ctx: Ctx, found: readonly Found[]): Promise<void> {
  const byProject = new Map<string, { workspaceId: string; projectKey: string; refs: EvidenceRef[] }>();
  for (const { workspaceId, projectKey, ref } of found) {
    const key = `${workspaceId}\0${projectKey}`;
    const group = byProject.get(key) ?? { workspaceId, projectKey, refs: [] };
    group.refs.push(ref);
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

/**
 * Queues inference for the evidence among freshly appended audit entries, in the transaction that
 * appends them (so it runs only if the change commits, and never on the request path).
 */
export async function queueActiveWorkEvidence(ctx: Ctx, entries: readonly AppendedEntry[]): Promise<void> {
  const found: Found[] = [];
  for (const entry of entries) {
    const of = evidenceOf(entry);
    if (of && entry.workspaceId) found.push({ workspaceId: entry.workspaceId, ...of });
  }
  await queueFound(ctx, found);
}

/**
 * Queues evidence another module holds (a git event, a code host push or pull request) for
 * inference, in the caller's transaction: it is applied after the change commits, never on the
 * request path. Its `ref` must be unique within the project (`git_event:<id>` ...).
 */
export async function queueEvidence(
  ctx: Ctx,
  target: { workspaceId: string; projectKey: string },
  evidence: readonly Evidence[],
): Promise<void> {
  await queueFound(
    ctx,
    evidence.map((e) => ({ ...target, ref: { source: 'inline', evidence: e } })),
  );
}
