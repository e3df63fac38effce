import { countTokens } from 'gpt-tokenizer';

/**
 * Fits bundle sections into a token budget (pure, apart from counting). Sections are filled in
 * priority order, each up to its share of what is left after the fixed part; what a section
 * does not use goes to the sections after it, and a second pass hands any remainder back in
 * priority order. Items are whole or absent: text was already cut at word boundaries.
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
  const costs = sections.map((s) => s.items.map((item) => tokensOf(item)));
  const taken = sections.map(() => 0);
  const used = sections.map(() => 0);
  const allocated = sections.map(() => 0);
  let left = Math.max(0, available);
  let shareLeft = sections.reduce((sum, s) => sum + (s.items.length ? s.share : 0), 0);
  for (const [i, s] of sections.entries()) {
    if (!s.items.length) continue;
    const allocation = shareLeft > 0 ? Math.floor((left * s.share) / shareLeft) : 0;
    shareLeft -= s.share;
    allocated[i] = allocation;
    while (taken[i]! < s.items.length && used[i]! + costs[i]![taken[i]!]! <= allocation) {
      used[i]! += costs[i]![taken[i]!]!;
      taken[i]! += 1;
    }
    left -= used[i]!;
  }
  // Second pass: what is left goes to the sections that still have items, in priority order.
  for (const [i, s] of sections.entries()) {
    while (taken[i]! < s.items.length && costs[i]![taken[i]!]! <= left) {
      const cost = costs[i]![taken[i]!]!;
      used[i]! += cost;
      allocated[i]! += cost;
      left -= cost;
      taken[i]! += 1;
    }
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
