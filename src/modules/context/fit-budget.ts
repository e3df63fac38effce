/**
 * Fits bundle sections into a token budget (pure, apart from counting). Each section is first
 * filled up to its share of the budget; what is left over is then handed out in priority order
 * (section order). Items are whole or absent: text was already cut at word boundaries.
 */

import type { SectionUse } from './schemas.ts';

export interface SectionInput<T> {
  name: string;
  /** Share of the budget left after the fixed part (shares of present sections are normalized). */
  share: number;
  items: T[];
}

export interface Fitted<U> {
  sections: Record<string, U[]>;
  use: Record<string, SectionUse>;
}

let countTokens: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads gpt-tokenizer, once. Its token tables take about 0.3 s to load, so the server does not
 * load them at start but with the first bundle: call this before tokenCount.
 */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer').then((tokenizer) => {
    countTokens = tokenizer.countTokens;
  });
  return loading;
}

/** Characters of text whose token counts are remembered (oldest forgotten first). */
const MEMO_CHARS = 2_000_000;
/** Texts longer than this are counted every time. */
const MEMO_TEXT_CHARS = 16_000;
const memo = new Map<string, number>();
let memoChars = 0;

/**
 * Tokens of a text (gpt-tokenizer), remembered by content: counting costs ~0.3 µs a character,
 * and the same items and bundles are asked for again and again (every session start of a project).
 * A pure function of the text, so nothing can go stale. Needs loadTokenizer() first.
 */
export function tokenCount(text: string): number {
  const known = memo.get(text);
  if (known !== undefined) return known;
  if (!countTokens) throw new Error('tokenCount() before loadTokenizer() finished');
  const tokens = countTokens(text);
  if (text.length > MEMO_TEXT_CHARS) return tokens; // a large bundle would push out many items
  memo.set(text, tokens);
  memoChars += text.length;
  for (const [old] of memo) {
    if (memoChars <= MEMO_CHARS) break;
    memo.delete(old);
    memoChars -= old.length;
  }
  return tokens;
}

/** Tokens of a value as it appears inside the bundle's JSON (plus its separating comma). */
export const tokensOf = (value: unknown) => tokenCount(JSON.stringify(value)) + 1;

export function fitSections<T, U>(
  sections: SectionInput<T>[],
  available: number,
  present: (item: T, section: string) => U,
): Fitted<U> {
  // Presented and counted when first considered: most candidates never are (~50 µs an item).
  const shown = sections.map(() => new Map<number, { value: U; tokens: number }>());
  const presented = (i: number, n: number) => {
    let entry = shown[i]!.get(n);
    if (!entry) {
      const value = present(sections[i]!.items[n]!, sections[i]!.name);
      shown[i]!.set(n, (entry = { value, tokens: tokensOf(value) }));
    }
    return entry;
  };
  const cost = (i: number, n: number) => presented(i, n).tokens;
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
    sections: Object.fromEntries(
      sections.map((s, i) => [s.name, Array.from({ length: taken[i]! }, (_, n) => presented(i, n).value)]),
    ),
    use: Object.fromEntries(
      sections.map((s, i) => [
        s.name,
        { allocated: allocated[i]!, used: used[i]!, items: taken[i]!, dropped: s.items.length - taken[i]! },
      ]),
    ),
  };
}
