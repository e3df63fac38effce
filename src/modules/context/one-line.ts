import { clipText } from '../../platform/clip-text.ts';

/**
 * A memory as one line of a prompt: whitespace collapsed, markdown fences and heading marks
 * dropped, cut at a word boundary (never mid-word) with an ellipsis. Pure.
 */
const MAX_LINE_CHARS = 240;

/**
 * `truncated`: the text given is only the start of the memory, so its last word may be cut; it is
 * left out and the line marked as cut even when the rest fits. A single word longer than the line
 * is the only thing ever cut inside (never inside a surrogate pair).
 */
export function oneLine(text: string, max = MAX_LINE_CHARS, truncated = false): string {
  const flat = text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Read only in part: shorter than the text, so the (maybe partial) last word goes too.
  return clipText(flat, truncated ? Math.min(max, flat.length - 1) : max, 'word-only');
}
