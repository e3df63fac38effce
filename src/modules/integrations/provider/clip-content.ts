/**
 * Bounding the text of an issue or page handed to an assistant, with a visible marker.
 */
import { clipText } from '../../../platform/clip-text.ts';

/** Appended to clipped content; counted within the limit. */
export const TRUNCATION_MARKER = '\n…[truncated]';
const BARE_MARKER = TRUNCATION_MARKER.trimStart();

export interface ClippedContent {
  content: string;
  truncated: boolean;
}

/**
 * `text` unchanged when it has at most `maxChars` UTF-16 units; otherwise cut at the last
 * whitespace at or before the limit (inside a word only when one word is longer than the room,
 * never inside a surrogate pair; punctuation left at the cut is dropped, as `clipText` does)
 * and followed by TRUNCATION_MARKER, the whole at most `maxChars` long. Below the marker's length
 * there is no room for content: the marker alone, or `…`, is returned. `maxChars` is floored;
 * NaN and negatives count as 0, Infinity never clips.
 */
export function clipContent(text: string, maxChars: number): ClippedContent {
  const max = maxChars >= 0 ? Math.floor(maxChars) : 0;
  if (text.length <= max) return { content: text, truncated: false };
  const room = max - TRUNCATION_MARKER.length;
  if (room < 1)
    return { content: max >= BARE_MARKER.length ? BARE_MARKER : '…'.slice(0, max), truncated: true };
  // clipText cuts only at spaces and looks no further than `room`: give it the start of the text
  // with every whitespace as a space (each is one UTF-16 unit, so positions match), then keep as
  // many characters of the original as its head has (its result is that head plus `…`).
  const probe = text.slice(0, room + 2).replace(/\s/g, ' ');
  const head = clipText(probe, room + 1, 'word-only').slice(0, -1);
  const kept = text.slice(0, head.length);
  return { content: kept ? kept + TRUNCATION_MARKER : BARE_MARKER, truncated: true };
}
