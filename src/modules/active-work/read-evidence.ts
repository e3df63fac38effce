import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { auditLog } from '../audit/index.ts';
import { memories } from '../memories/index.ts';
import { firstLine } from '../../platform/clip-text.ts';
import { workingBranch, type Evidence } from './evidence.ts';
import { issueKeysIn } from './work-terms.ts';

/** Memory types that are evidence of work. */
export const WORK_MEMORY_TYPES = ['active_work', 'activity'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const keysOf = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((k): k is string => typeof k === 'string').map((k) => k.toUpperCase())
    : [];

/**
 * A memory as evidence: an `active_work` or `activity` memory of the project (an imported one is
 * `import` evidence), at the time it says it happened. Its branch and issue keys come from its
 * metadata (`branch`, `issue_keys`) and its text. An `active_work` memory, or one naming a working
 * branch or an issue key, may start an item; other activity only joins one. Null when the memory
 * is gone, rejected, or of another type or project.
 */
export async function memoryEvidence(
  ctx: Ctx,
  projectId: string,
  memoryId: string,
): Promise<Evidence | null> {
  const [memory] = await ctx.db.select().from(memories).where(eq(memories.id, memoryId));
  // A rejected memory is no evidence of anything.
  if (!memory || memory.projectId !== projectId || memory.status === 'rejected') return null;
  if (!(WORK_MEMORY_TYPES as readonly string[]).includes(memory.type)) return null;
  const meta = memory.metadata;
  const branch = workingBranch(meta.branch);
  const issueKeys = [...new Set([...keysOf(meta.issue_keys), ...issueKeysIn(memory.content)])];
  return {
    kind: memory.source === 'import' ? 'import' : 'memory',
    ref: `memory:${memory.id}`,
    summary: firstLine(memory.content),
    text: memory.content,
    occurredAt: memory.occurredAt,
    userId: memory.createdBy,
    subpath: typeof meta.subpath === 'string' ? meta.subpath : null,
    branch,
    issueKeys,
    mayCreate: memory.type === 'active_work' || branch !== null || issueKeys.length > 0,
    correlationId: null,
  };
}

/**
 * A CI run (its `ci.success` / `ci.failure` audit entry) as evidence, at the time it was reported:
 * it joins the item of its working branch or of an issue key its branch or message names, never
 * starts one. Null when the entry is not a CI run of a project.
 */
export async function ciEvidence(ctx: Ctx, auditId: string): Promise<Evidence | null> {
  const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, auditId));
  if (!entry || (entry.action !== 'ci.success' && entry.action !== 'ci.failure')) return null;
  const p = entry.params;
  const branch = workingBranch(p.branch);
  const message = text(p.message);
  const what = [text(p.workflow), text(p.job)].filter(Boolean).join(' / ') || 'CI';
  return {
    kind: 'ci',
    ref: `audit:${entry.id}`,
    summary: firstLine(
      `${what} ${entry.action === 'ci.success' ? 'passed' : 'failed'}${p.branch ? ` on ${text(p.branch)}` : ''}`,
    ),
    text: `${message}\n${text(p.branch)}`,
    occurredAt: entry.createdAt,
    userId: entry.actorUserId,
    subpath: null,
    branch,
    issueKeys: [...new Set([...issueKeysIn(text(p.branch).toUpperCase()), ...issueKeysIn(message)])],
    mayCreate: false,
    correlationId: entry.correlationId,
  };
}
