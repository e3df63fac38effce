import { z } from 'zod';
import { ConfigError } from './load.ts';

/**
 * The environment of CLI commands that talk to a running ctxhub server over HTTP (`ctxhub import`):
 *
 * - `SERVICE_URL`: the server's base address, `http://` or `https://` (e.g. `http://127.0.0.1:8080`).
 * - `SERVICE_API_KEY`: the caller's API key (`POST /v1/api-keys`, or a one-time link).
 *
 * These commands never open the server's data directory (see ARCHITECTURE.md, PGlite rules).
 */
export const clientEnvSchema = z.object({
  SERVICE_URL: z.url({
    protocol: /^https?$/,
    error: (issue) =>
      issue.input === undefined
        ? 'is required: the address of the ctxhub server, e.g. http://127.0.0.1:8080'
        : 'must be an http(s) URL, e.g. http://127.0.0.1:8080',
  }),
  SERVICE_API_KEY: z
    .string({ error: 'is required: your ctxhub API key (POST /v1/api-keys, or a one-time link)' })
    .regex(/^\S+$/, 'must be an API key without spaces'),
});

export interface ClientConfig {
  /** Base address without a trailing slash. */
  serviceUrl: string;
  apiKey: string;
}

/** Parses the CLI client environment; throws ConfigError naming every problem at once. */
export function cliEnv(source: Record<string, string | undefined> = process.env): ClientConfig {
  const relevant = Object.fromEntries(
    Object.entries(source).filter(
      ([k, v]) => v !== undefined && v.trim() !== '' && k in clientEnvSchema.shape,
    ),
  );
  const parsed = clientEnvSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  return {
    serviceUrl: parsed.data.SERVICE_URL.replace(/\/+$/, ''),
    apiKey: parsed.data.SERVICE_API_KEY,
  };
}
