import type { Ctx } from '../../platform/context.ts';
import { invalidField } from '../../platform/http/errors.ts';

/** How far ahead of the server's clock a client's own clock may run. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When what a memory says happened, as a client gives it: not in the future (beyond a few minutes
 * of clock skew), since recall's recency would then rank it above everything written today.
 */
export function checkedOccurredAt(ctx: Ctx, written: string | undefined): Date | undefined {
  if (written === undefined) return undefined;
  const at = new Date(written);
  if (at.getTime() > ctx.now().getTime() + CLOCK_SKEW_MS) {
    throw invalidField('occurred_at', 'must not be in the future');
  }
  return at;
}
