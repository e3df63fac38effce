import { clipText } from '../../../platform/clip-text.ts';

/**
 * Text cleanup shared by every parser: what reaches the database must be storable.
 * PostgreSQL rejects NUL in text and unpaired UTF-16 surrogates cannot be encoded as UTF-8.
 */

/** Removes NUL characters and replaces unpaired surrogates with U+FFFD. */
export function cleanText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}

/** Cleans and trims a candidate title; empty becomes null. */
export function cleanTitle(value: unknown, max = 120): string | null {
  if (typeof value !== 'string') return null;
  const firstLine = cleanText(value).trim().split('\n', 1)[0]?.trim() ?? '';
  return firstLine ? clipText(firstLine, max) : null;
}
