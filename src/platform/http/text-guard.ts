import type { FastifyRequest } from 'fastify';
import { invalidField } from './errors.ts';
import type { App } from './types.ts';

const MAX_DEPTH = 64;

/**
 * Text PostgreSQL cannot store faithfully: NUL characters (rejected by text and jsonb) and
 * unpaired UTF-16 surrogates (rejected by jsonb, silently replaced in text columns).
 */
const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed();

/** The path of the first string (or object key) holding unstorable text. */
function findUnstorable(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const childPath = `${path}.${k}`;
    if (unstorable(k)) return childPath;
    const found = findUnstorable(v, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Rejects unstorable text in params, query and body before validation, naming the field. */
export function installTextGuard(app: App): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    for (const [location, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const path = findUnstorable(value, location);
      if (path) throw invalidField(path, 'must not contain NUL characters or unpaired UTF-16 surrogates');
    }
  });
}
