/**
 * How long a job waits after failed attempt `attempt` (1 for the first): exponential from `baseMs`,
 * capped at `maxMs`, with "equal jitter" (a random half on top of a fixed half), so jobs that
 * failed together (a chat outage) do not all come back at the same instant.
 */
export function retryDelayMs(
  attempt: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
