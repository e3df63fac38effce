import { countTokens } from 'gpt-tokenizer';

/**
 * Fits bundle sections into a token budget (pure, apart from counting). Each section is first
 * filled up to its share of the budget; what is left over is then handed out in priority order
 * (section order). Items are whole or absent: text was already cut at word boundaries.
 */
export interface SectionInput<T> {
  name: string;
  /** Share of the budget left after the fixed part (shares of present sections are normalized). */
  share: number;
  items: T[];
}

export interface SectionUse {
  allocated: number;
  used: number;
  items: number;
  dropped: number;
}

export interface Fitted<T> {
  sections: Record<string, T[]>;
  use: Record<string, SectionUse>;
}

/** Tokens of a value as it appears inside the bundle's JSON (plus its separating comma). */
export const tokensOf = (value: unknown) => countTokens(JSON.stringify(value)) + 1;

export function fitSections<T>(sections: SectionInput<T>[], available: number): Fitted<T> {
  // Counted when first considered: most candidates never are (counting costs ~40 µs an item).
  const known = sections.map(() => new Map<number, number>());
  const cost = (i: number, n: number) => {
    let tokens = known[i]!.get(n);
    if (tokens === undefined) known[i]!.set(n, (tokens = tokensOf(sections[i]!.items[n])));
    return tokens;
  };
  const taken = sections.map(() => 0);
  const used = sections.map(() => 0);
  const allocated = sections.map(() => 0);
  /** Takes section i's next items while each fits in `limit` more tokens; answers the tokens taken. */
  const take = (i: number, limit: number) => {
    let spent = 0;
    while (taken[i]! < sections[i]!.items.length && spent + cost(i, taken[i]!) <= limit) {
      spent += cost(i, taken[i]!);
      taken[i]! += 1;
    }
    used[i]! += spent;
    return spent;
  };
  // First pass: each section up to its share of the whole (shares of empty sections are not given
  // out), so a section's unused share is left for the second pass, not taken by the next section.
  let left = Math.max(0, available);
  const shares = sections.reduce((sum, s) => sum + (s.items.length ? s.share : 0), 0);
  for (const [i, s] of sections.entries()) {
    if (!s.items.length || shares === 0) continue;
    allocated[i] = Math.floor((left * s.share) / shares);
  }
  for (const i of sections.keys()) left -= take(i, allocated[i]!);
  // Second pass: what is left goes to the sections that still have items, in priority order.
  for (const i of sections.keys()) {
    const spent = take(i, left);
    allocated[i]! += spent;
    left -= spent;
  }
  return {
    sections: Object.fromEntries(sections.map((s, i) => [s.name, s.items.slice(0, taken[i])])),
    use: Object.fromEntries(
      sections.map((s, i) => [
        s.name,
        { allocated: allocated[i]!, used: used[i]!, items: taken[i]!, dropped: s.items.length - taken[i]! },
      ]),
    ),
  };
}
