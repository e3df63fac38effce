/**
 * Explanations of audit entries, kept beside them (the entry and its chain never change): asked
 * for in the transaction that appends the entry, written once by whoever explains it (the audit
 * reasoner), read by the chat delivery and the audit log.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { canonicalJson } from './chain-hash.ts';
import { auditExplanations, type ExplanationRow } from './table.ts';

/** The digest equal entries share: their action and params. */
const explanationKey = (action: string, params: Record<string, unknown>): string =>
  createHash('sha256')
    .update(`${action}\n${canonicalJson(params)}`)
    .digest('hex');

/** Marks entries as waiting for an explanation (in the caller's transaction); an asked one stays as it is. */
export async function askExplanations(
  ctx: Ctx,
  entries: ReadonlyArray<{
    id: string;
    workspaceId: string;
    action: string;
    params: Record<string, unknown>;
  }>,
): Promise<void> {
  if (entries.length === 0) return;
  const now = ctx.now();
  await ctx.db
    .insert(auditExplanations)
    .values(
      entries.map((e) => ({
        auditId: e.id,
        workspaceId: e.workspaceId,
        cacheKey: explanationKey(e.action, e.params),
        status: 'pending' as const,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** The explanation of one entry, or null when none was asked for. */
export async function explanationOf(ctx: Ctx, auditId: string): Promise<ExplanationRow | null> {
  const [row] = await ctx.db.select().from(auditExplanations).where(eq(auditExplanations.auditId, auditId));
  return row ?? null;
}

/** The newest done explanation of an equal entry in the workspace, or null. */
export async function cachedExplanation(
  ctx: Ctx,
  workspaceId: string,
  cacheKey: string,
): Promise<Pick<ExplanationRow, 'text' | 'model'> | null> {
  const [row] = await ctx.db
    .select({ text: auditExplanations.text, model: auditExplanations.model })
    .from(auditExplanations)
    .where(
      and(
        eq(auditExplanations.workspaceId, workspaceId),
        eq(auditExplanations.cacheKey, cacheKey),
        eq(auditExplanations.status, 'done'),
      ),
    )
    .orderBy(desc(auditExplanations.finishedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Writes the outcome of a pending explanation: its text (and model), or why there is none. An
 * explanation already finished is left as it is (false): each entry is explained once.
 */
export async function finishExplanation(
  ctx: Ctx,
  auditId: string,
  outcome: { text: string; model: string; cached: boolean } | { failure: string },
): Promise<boolean> {
  const set =
    'failure' in outcome
      ? { status: 'failed' as const, failure: outcome.failure }
      : { status: 'done' as const, text: outcome.text, model: outcome.model, cached: outcome.cached };
  const done = await ctx.db
    .update(auditExplanations)
    .set({ ...set, finishedAt: ctx.now() })
    .where(and(eq(auditExplanations.auditId, auditId), eq(auditExplanations.status, 'pending')))
    .returning({ id: auditExplanations.auditId });
  return done.length > 0;
}
