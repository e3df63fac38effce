/**
 * Text cleanup shared by every parser: what reaches the database must be storable.
 * PostgreSQL rejects NUL in text and unpaired UTF-16 surrogates cannot be encoded as UTF-8.
 */

/** Removes NUL characters and replaces unpaired surrogates with U+FFFD. */
export function cleanText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}

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

/**
 * Cuts `text` to at most `max` characters, marking the cut with an ellipsis; never splits a
 * surrogate pair. `atWord`: cut at the last space in the second half when there is one, and drop
 * the punctuation left before the ellipsis.
 */
export function clipText(text: string, max: number, atWord = false): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const space = atWord ? text.lastIndexOf(' ', end) : -1;
  if (space > max / 2) end = space;
  else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const head = text.slice(0, end);
  return `${atWord ? trimEnd(head, ' ,;:.-–—') : head}…`;
}

/** Cleans and trims a candidate title; empty becomes null. */
export function cleanTitle(value: unknown, max = 120): string | null {
  if (typeof value !== 'string') return null;
  const firstLine = cleanText(value).trim().split('\n', 1)[0]?.trim() ?? '';
  return firstLine ? clipText(firstLine, max) : null;
}
