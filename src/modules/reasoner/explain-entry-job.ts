import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { auditLog, cachedExplanation, explanationOf, finishExplanation } from '../audit/index.ts';
import { askModel, ModelFailure } from '../integrations/index.ts';
import { explanationPrompt, MAX_EXPLANATION_CHARS } from './explanation-prompt.ts';

/** The model's answer as kept: one paragraph, at most MAX_EXPLANATION_CHARS. */
function tidy(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_EXPLANATION_CHARS ? `${flat.slice(0, MAX_EXPLANATION_CHARS - 1)}…` : flat;
}

async function explain(ctx: Ctx, auditId: string): Promise<void> {
  const asked = await explanationOf(ctx, auditId);
  if (!asked || asked.status !== 'pending') return;
  const cached = await cachedExplanation(ctx, asked.workspaceId, asked.cacheKey);
  if (cached?.text) {
    await finishExplanation(ctx, auditId, { text: cached.text, model: cached.model ?? '', cached: true });
    return;
  }
  const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, auditId));
  if (!entry) {
    await finishExplanation(ctx, auditId, { failure: 'the audit entry is gone' });
    return;
  }
  try {
    const prompt = await explanationPrompt(ctx, { ...entry, workspaceId: asked.workspaceId });
    const answer = await askModel(ctx, asked.workspaceId, prompt);
    await finishExplanation(ctx, auditId, { text: tidy(answer.text), model: answer.model, cached: false });
  } catch (err) {
    if (!(err instanceof ModelFailure)) throw err;
    await finishExplanation(ctx, auditId, { failure: err.message });
  }
}

/**
 * Writes the explanation of one audit entry (queued as it was appended): an equal entry's done
 * explanation when the workspace has one (no call), else the model's answer, else why there is
 * none. Each entry is explained once; a job run again for an explained entry does nothing.
 */
export const explainEntryJob = defineJob({
  kind: 'audit.explain',
  payload: z.strictObject({ audit_id: z.string().min(1) }),
  handle: async ({ payload, ctx }) => explain(ctx, payload.audit_id),
  onFailed: async ({ payload, ctx, error }) => {
    if (payload) await finishExplanation(ctx, payload.audit_id, { failure: `the reasoner failed: ${error}` });
  },
});
