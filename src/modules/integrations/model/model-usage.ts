/**
 * Counting a workspace's calls to the language model: a call is reserved before it is made (the
 * hourly cap is checked and counted in one statement, so concurrent calls cannot pass it
 * together), then its tokens or its failure are added to the same hour.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/query-rows.ts';
import { modelUsage } from './table.ts';

const HOUR_MS = 3_600_000;

/** The clock hour (UTC) `at` falls in. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Counts one call in `hour` unless the workspace has made `cap` calls in it already: true when the
 * call may go ahead.
 */
export async function reserveModelCall(
  ctx: Ctx,
  workspaceId: string,
  hour: Date,
  cap: number,
): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await queryRows<{ calls: number }>(
    ctx.db,
    sql`insert into ${modelUsage} (workspace_id, hour, calls, failures, input_tokens, output_tokens)
      values (${workspaceId}, ${hour.toISOString()}, 1, 0, 0, 0)
      on conflict (workspace_id, hour) do update set calls = ${modelUsage}.calls + 1
      where ${modelUsage}.calls < ${cap}
      returning calls`,
  );
  return rows.length > 0;
}

/** Adds what a reserved call in `hour` came to: its tokens, or one failure. */
export async function recordModelCall(
  ctx: Ctx,
  workspaceId: string,
  hour: Date,
  outcome: { inputTokens: number; outputTokens: number } | 'failed',
): Promise<void> {
  const add =
    outcome === 'failed'
      ? { failures: sql`${modelUsage.failures} + 1` }
      : {
          inputTokens: sql`${modelUsage.inputTokens} + ${outcome.inputTokens}`,
          outputTokens: sql`${modelUsage.outputTokens} + ${outcome.outputTokens}`,
        };
  await ctx.db
    .update(modelUsage)
    .set(add)
    .where(and(eq(modelUsage.workspaceId, workspaceId), eq(modelUsage.hour, hour)));
}

/** Calls, failures and tokens over a span of hours. */
export interface UsageTotals {
  calls: number;
  failures: number;
  input_tokens: number;
  output_tokens: number;
}

/** One day (UTC) of use. */
export interface UsageDay extends UsageTotals {
  day: string;
}

/**
 * A workspace's use of the model: this hour's (what the cap counts), the last 24 hours', the last
 * 30 days' and each of those days that had any.
 */
export async function modelUsageOf(
  ctx: Ctx,
  workspaceId: string,
): Promise<{
  this_hour: UsageTotals;
  last_24_hours: UsageTotals;
  last_30_days: UsageTotals;
  days: UsageDay[];
}> {
  const now = ctx.now();
  const hour = hourOf(now);
  const rows = await ctx.db
    .select({
      hour: modelUsage.hour,
      calls: modelUsage.calls,
      failures: modelUsage.failures,
      inputTokens: modelUsage.inputTokens,
      outputTokens: modelUsage.outputTokens,
    })
    .from(modelUsage)
    .where(
      and(
        eq(modelUsage.workspaceId, workspaceId),
        gte(modelUsage.hour, new Date(hour.getTime() - 30 * 24 * HOUR_MS)),
      ),
    );
  const empty = (): UsageTotals => ({ calls: 0, failures: 0, input_tokens: 0, output_tokens: 0 });
  const add = (to: UsageTotals, row: (typeof rows)[number]) => {
    to.calls += row.calls;
    to.failures += row.failures;
    to.input_tokens += row.inputTokens;
    to.output_tokens += row.outputTokens;
  };
  const thisHour = empty();
  const day24 = empty();
  const days30 = empty();
  const byDay = new Map<string, UsageDay>();
  for (const row of rows) {
    const at = row.hour.getTime();
    if (at === hour.getTime()) add(thisHour, row);
    if (at > hour.getTime() - 24 * HOUR_MS) add(day24, row);
    add(days30, row);
    const day = row.hour.toISOString().slice(0, 10);
    const entry = byDay.get(day) ?? { day, ...empty() };
    add(entry, row);
    byDay.set(day, entry);
  }
  return {
    this_hour: thisHour,
    last_24_hours: day24,
    last_30_days: days30,
    days: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
  };
}
