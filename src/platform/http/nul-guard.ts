import type { FastifyRequest } from 'fastify';
import { invalidField } from './errors.ts';
import type { App } from './types.ts';

const MAX_DEPTH = 64;

/** The path of the first string (or key) holding a NUL character, which PostgreSQL cannot store. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const childPath = `${path}.${k}`;
    if (k.includes('\u0000')) return childPath;
    const found = findNul(v, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Rejects NUL characters in params, query and body before validation, naming the field. */
export function installNulGuard(app: App): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    for (const [location, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const path = findNul(value, location);
      if (path) throw invalidField(path, 'must not contain NUL characters');
    }
  });
}
