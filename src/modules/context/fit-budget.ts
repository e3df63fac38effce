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
  /**
   * Drops the last item of the lowest-priority section that has any, its use following; false when
   * nothing is left to drop.
   */
  dropLast(): boolean;
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

/** A section being filled: its items not yet considered, the next one presented (null: none left). */
const counted = <U>(value: U) => ({ value, tokens: tokensOf(value) });

interface Filling<T, U> {
  name: string;
  share: number;
  size: number;
  rest: Iterator<T>;
  next: { value: U; tokens: number } | null | undefined;
  taken: U[];
  use: SectionUse;
}

export function fitSections<T, U>(
  sections: SectionInput<T>[],
  available: number,
  present: (item: T, section: string) => U,
): Fitted<U> {
  const filling = sections.map((s): Filling<T, U> => ({
    name: s.name,
    share: s.share,
    size: s.items.length,
    rest: s.items[Symbol.iterator](),
    next: undefined,
    taken: [],
    use: { allocated: 0, used: 0, items: 0, dropped: s.items.length },
  }));
  // Presented and counted when first considered: most candidates never are (~50 µs an item).
  const peek = (f: Filling<T, U>) => {
    if (f.next === undefined) {
      const item = f.rest.next();
      f.next = item.done ? null : counted(present(item.value, f.name));
    }
    return f.next;
  };
  /** Takes a section's next items while each fits in `limit` more tokens; answers the tokens taken. */
  const take = (f: Filling<T, U>, limit: number) => {
    let spent = 0;
    for (let next = peek(f); next && spent + next.tokens <= limit; next = peek(f)) {
      spent += next.tokens;
      f.taken.push(next.value);
      f.next = undefined;
    }
    f.use.used += spent;
    f.use.items = f.taken.length;
    f.use.dropped = f.size - f.taken.length;
    return spent;
  };
  // First pass: each section up to its share of the whole (shares of empty sections are not given
  // out), so a section's unused share is left for the second pass, not taken by the next section.
  let left = Math.max(0, available);
  const shares = sections.reduce((sum, s) => sum + (s.items.length ? s.share : 0), 0);
  for (const f of filling) {
    if (f.size > 0 && shares !== 0) f.use.allocated = Math.floor((left * f.share) / shares);
  }
  for (const f of filling) left -= take(f, f.use.allocated);
  // Second pass: what is left goes to the sections that still have items, in priority order.
  for (const f of filling) {
    const spent = take(f, left);
    f.use.allocated += spent;
    left -= spent;
  }
  return {
    sections: Object.fromEntries(filling.map((f) => [f.name, f.taken])),
    use: Object.fromEntries(filling.map((f) => [f.name, f.use])),
    dropLast() {
      const f = filling.findLast((f) => f.taken.length > 0);
      if (!f) return false;
      f.use.used -= tokensOf(f.taken.pop());
      f.use.items -= 1;
      f.use.dropped += 1;
      return true;
    },
  };
}
