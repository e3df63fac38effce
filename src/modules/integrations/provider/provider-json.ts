/**
 * Reading a provider's JSON without trusting its shape: a base URL may point at something that is
 * not Jira or Confluence, and an answer of the wrong shape must become a clear error or a missing
 * value, never a TypeError (a 500) or an answer our own schema refuses to send.
 */
export type Json = Record<string, unknown>;

const record = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** `path` followed through nested objects: `at(issue, 'fields', 'status', 'name')`. */
export function at(v: unknown, ...path: string[]): unknown {
  let here = v;
  for (const key of path) here = record(here)[key];
  return here;
}
