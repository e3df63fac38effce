import { isStorableTime } from '../../../platform/db/storable-time.ts';
import { cleanText } from './clean-text.ts';
import { clipText } from '../../../platform/clip-text.ts';

/** Loose readers for JSON of unknown shape: they never throw, they answer null. */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string (cleaned, trimmed), or a finite number as a string (ids are sometimes numeric). */
export function asId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = cleanText(value).trim();
  return id === '' ? null : id;
}

/** Epoch values above this are milliseconds, below it seconds (year 2001 in ms, year 33658 in s). */
const EPOCH_MS_THRESHOLD = 1e12;

/**
 * An ISO string, a numeric string or an epoch number (seconds or milliseconds) as a Date;
 * anything unparseable, or outside the years 0001..9999, is null.
 */
export function parseDate(value: unknown): Date | null {
  let ms: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    ms = value >= EPOCH_MS_THRESHOLD ? value : value * 1000;
  } else if (typeof value === 'string' && value.trim() !== '') {
    const trimmed = value.trim();
    ms = /^\d+(\.\d+)?$/.test(trimmed) ? (parseDate(Number(trimmed))?.getTime() ?? NaN) : Date.parse(trimmed);
  } else {
    return null;
  }
  return isStorableTime(ms) ? new Date(ms) : null;
}

/** Compact JSON of a tool input or arguments value; a JSON string is re-serialized compactly. */
export function compactJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Length of a value quoted in a skip reason: reasons end up in the import's error and audit entry. */
const SHOWN_VALUE_CHARS = 80;

/** A value of the file, as JSON, clipped for a message (`null` when absent). */
export function shownValue(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value ?? null);
  } catch {
    json = undefined;
  }
  return clipText(json ?? String(value), SHOWN_VALUE_CHARS);
}
