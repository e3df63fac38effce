/**
 * A memory as one line of a prompt: whitespace collapsed, markdown fences and heading marks
 * dropped, cut at a word boundary (never mid-word) with an ellipsis. Pure.
 */
export const MAX_LINE_CHARS = 240;

export function oneLine(text: string, max = MAX_LINE_CHARS): string {
  const flat = text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max);
  const cut = head.lastIndexOf(' ');
  // A single word longer than the line: cut before it rather than inside it, unless it is all there is.
  const kept = cut > 0 ? head.slice(0, cut) : head;
  return `${kept.replace(/[\s,;:.-]+$/, '')}…`;
}
