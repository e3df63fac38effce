/** Calls to the code host made at once (repositories, teams or people read side by side). */
const PARALLEL = 4;

/** `work` over every item, PARALLEL at a time; the answers in the items' order. */
export async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(work))));
  }
  return out;
}
