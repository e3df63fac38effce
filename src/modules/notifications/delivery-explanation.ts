import type { Ctx } from '../../platform/context.ts';
import { explanationOf, type ExplanationRow } from '../audit/index.ts';

/** How often a delivery looks again at an explanation still being written. */
const POLL_MS = 100;

/** What a delivery's message says of its entry's explanation, and what the delivery records. */
export type DeliveryExplanation =
  | { explanation: null }
  | { explanation: 'included'; text: string }
  | { explanation: 'left_out'; note: string };

/**
 * The explanation a delivery's message carries, from its row as the delivery read it (`first`),
 * read again while it is pending: none when the audit reasoner was not asked for
 * one; the text once it is written; left out (saying why) when the reasoner failed, or has not
 * answered by `waitUntil` (the delivery's creation plus SERVICE_AUDIT_REASONER_WAIT_MS). It waits
 * at most until then, so an explanation never holds a message back longer, and never stops it.
 */
export async function deliveryExplanation(
  ctx: Ctx,
  first: ExplanationRow | null,
  waitUntil: number,
): Promise<DeliveryExplanation> {
  for (let row = first; ; row = await explanationOf(ctx, row.auditId)) {
    if (!row) return { explanation: null };
    if (row.status === 'done' && row.text) return { explanation: 'included', text: row.text };
    if (row.status === 'failed')
      return {
        explanation: 'left_out',
        note: `the audit reasoner failed: ${row.failure ?? 'no reason given'}`,
      };
    const left = waitUntil - ctx.now().getTime();
    if (left <= 0) {
      const waitedMs = ctx.config.integrations.model.reasonerWaitMs;
      return {
        explanation: 'left_out',
        note: `the audit reasoner had not answered within ${waitedMs / 1000} s (SERVICE_AUDIT_REASONER_WAIT_MS)`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}
