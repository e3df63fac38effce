/**
 * Snippets: a window of at most `maxChars` around the first hit of the query, cut at word
 * boundaries and marked with an ellipsis where cut. Raw tools never return a whole long message.
 */
const ELLIPSIS = '…';

/** Query words to look for: letters and digits, lower-cased; a stem-like prefix of long words. */
export function hitPrefixes(q: string): string[] {
  const words = [...q.toLowerCase().matchAll(/(^|[^\p{L}\p{N}_])(-?)([\p{L}\p{N}_]{2,60})/gu)].flatMap((m) =>
    m[2] !== '-' && m[3] ? [m[3]] : [],
  );
  return [...new Set(words.map((w) => (w.length > 5 ? w.slice(0, Math.max(4, w.length - 3)) : w)))];
}

function firstHit(lower: string, prefixes: string[]): number {
  let best = -1;
  for (const p of prefixes) {
    let from = 0;
    for (let tries = 0; tries < 1000; tries++) {
      const i = lower.indexOf(p, from);
      if (i < 0) break;
      const before = lower.charAt(i - 1); // '' before the start
      if (!/[\p{L}\p{N}_]/u.test(before)) {
        if (best < 0 || i < best) best = i;
        break;
      }
      from = i + 1;
    }
  }
  return best;
}

export function snippetAround(content: string, prefixes: string[], maxChars: number): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  const hit = Math.max(0, firstHit(text.toLowerCase(), prefixes));
  const budget = maxChars - 2 * ELLIPSIS.length;
  let start = Math.max(0, Math.min(hit - Math.floor(budget / 3), text.length - budget));
  let end = Math.min(text.length, start + budget);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < hit) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, hit)) end = space;
  }
  return `${start > 0 ? ELLIPSIS : ''}${text.slice(start, end)}${end < text.length ? ELLIPSIS : ''}`;
}
