import type { z } from 'zod';
import { invalid } from './errors.ts';

/**
 * A verb's own check of its input (routes validated it already; MCP tools, jobs and imports may
 * not have): the parsed value, or `validation_failed` naming each field.
 */
export function validated<S extends z.ZodType>(schema: S, input: unknown, location = 'body'): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalid(
    parsed.error.issues.map((i) => ({
      path: [location, ...i.path.map(String)].join('.'),
      message: i.message,
    })),
  );
}
