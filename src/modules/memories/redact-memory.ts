import { redactNamedValue, redactSecrets } from '../../platform/redact-secrets.ts';
import type { MemoryMetadata } from './table.ts';

export interface MemoryText {
  content: string;
  metadata: MemoryMetadata;
  evidenceRef: string | null;
}

/** Strings are scanned; a string under a secret-looking name (`db_password`) is a secret whole. */
function redactValue(value: unknown, count: { n: number }, name: string | null): unknown {
  if (typeof value === 'string') {
    const r = name === null ? redactSecrets(value) : redactNamedValue(name, value);
    count.n += r.redactions;
    return r.text;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, count, null));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, count, k)]));
  }
  return value;
}

/** Secrets in any text a memory stores (content, metadata strings, evidence) become markers. */
export function redactMemory<T extends Partial<MemoryText>>(fields: T): { fields: T; redactions: number } {
  const count = { n: 0 };
  const fields2 = redactValue(fields, count, null) as T;
  return { fields: fields2, redactions: count.n };
}
