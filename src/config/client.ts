import { z } from 'zod';
import { ConfigError } from './load.ts';

/**
 * The environment of CLI commands that talk to a running ctxhub server over HTTP (`ctxhub import`):
 *
 * - `SERVICE_URL`: the server's base address, `http://` or `https://` (e.g. `http://127.0.0.1:8080`).
 * - `SERVICE_API_KEY`: the caller's API key (`POST /v1/api-keys`, or a one-time link).
 *
 * These commands never open the server's data directory (docs/design.md#pglite-rules).
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

/** `ctxhub mcp` and `ctxhub context` also read where they work (the server checks the keys' shapes). */
const contextEnvSchema = clientEnvSchema.extend({
  SERVICE_WORKSPACE_KEY: z
    .string()
    .regex(/^\S{1,63}$/, 'must be a workspace key without spaces')
    .optional(),
  SERVICE_PROJECT_KEY: z
    .string()
    .regex(/^\S{1,300}$/, 'must be a project key without spaces')
    .optional(),
});

export interface ClientConfig {
  /** Base address without a trailing slash. */
  serviceUrl: string;
  apiKey: string;
}

export interface ContextClientConfig extends ClientConfig {
  /** SERVICE_WORKSPACE_KEY: the workspace to start in. */
  workspaceKey: string | undefined;
  /** SERVICE_PROJECT_KEY: a project key or manual mapping name, resolved like the other clues. */
  projectKey: string | undefined;
}

/** Parses `schema` from the set, non-blank variables; throws ConfigError naming every problem at once. */
function parseClientEnv<S extends z.ZodObject>(
  schema: S,
  source: Record<string, string | undefined>,
): z.output<S> {
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => v !== undefined && v.trim() !== '' && k in schema.shape),
  );
  const parsed = schema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  return parsed.data;
}

/** The environment of CLI commands that talk to a server (`ctxhub import`). */
export function cliEnv(source: Record<string, string | undefined> = process.env): ClientConfig {
  const env = parseClientEnv(clientEnvSchema, source);
  return { serviceUrl: env.SERVICE_URL.replace(/\/+$/, ''), apiKey: env.SERVICE_API_KEY };
}

/** The environment of `ctxhub mcp` and `ctxhub context`. */
export function contextClientEnv(
  source: Record<string, string | undefined> = process.env,
): ContextClientConfig {
  const env = parseClientEnv(contextEnvSchema, source);
  return {
    serviceUrl: env.SERVICE_URL.replace(/\/+$/, ''),
    apiKey: env.SERVICE_API_KEY,
    workspaceKey: env.SERVICE_WORKSPACE_KEY,
    projectKey: env.SERVICE_PROJECT_KEY,
  };
}
