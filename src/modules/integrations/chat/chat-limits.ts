import { clipText } from '../../../platform/clip-text.ts';

/**
 * Slack's limits on an incoming-webhook message, kept by cutting (with a marker), never by failing:
 * the message always goes out, shorter.
 */
export const CHAT_LIMITS = {
  text: 4_000,
  blocks: 50,
  sectionText: 3_000,
  headerText: 150,
  fieldText: 2_000,
  fields: 10,
} as const;

export const CUT_MARKER = '… [truncated]';

/** `text` within `max` characters; a cut one ends with the marker. */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  return clipText(text, max - CUT_MARKER.length) + CUT_MARKER;
}

/** Text for Slack's mrkdwn: &, < and > are control characters there and must be escaped. */
const mrkdwn = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Escaped text cut to `max` after escaping (an escape is never cut in half: the cut falls before
 * an `&` whose entity would not fit).
 */
export function fitMrkdwn(text: string, max: number): string {
  const escaped = mrkdwn(text);
  if (escaped.length <= max) return escaped;
  let cut = clipText(escaped, max - CUT_MARKER.length);
  const amp = cut.lastIndexOf('&');
  if (amp >= 0 && cut.indexOf(';', amp) < 0) cut = cut.slice(0, amp);
  return cut + CUT_MARKER;
}
