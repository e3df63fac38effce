/**
 * Cutting text to a length for showing it: never inside a surrogate pair, optionally at a word.
 */

/** The first half of a surrogate pair: a cut just after it would split the pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Drops trailing characters found in `chars` (a loop: an end-anchored regex would be quadratic). */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}

/** Where a clip may fall: anywhere, at a word when one ends in the second half, or only at a word. */
export type ClipAt = 'anywhere' | 'word' | 'word-only';

/**
 * Cuts `text` to at most `max` characters, marking the cut with an ellipsis; never splits a
 * surrogate pair. At a word (`word`: the last space in the second half, when there is one;
 * `word-only`: the last space wherever it is, so only a single word longer than the line is ever
 * cut inside), the punctuation left before the ellipsis is dropped.
 */
export function clipText(text: string, max: number, at: ClipAt = 'anywhere'): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const space = at === 'anywhere' ? -1 : text.lastIndexOf(' ', end);
  if (space > (at === 'word-only' ? 0 : max / 2)) end = space;
  else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const head = text.slice(0, end);
  return `${at === 'anywhere' ? head : trimEnd(head, ' ,;:.-–—')}…`;
}

/** The first non-empty line of a text, trimmed and clipped to `max` characters. */
export function firstLine(text: string, max = 200): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return clipText(line.trim(), max);
}
