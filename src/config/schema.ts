import { isIP } from 'node:net';
import { z } from 'zod';

/** Every environment variable ctxhub reads, with its default. docs/configuration.md documents each one. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'expected a whole number' })
    .int('expected a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const secret = z.string().min(32, 'must be at least 32 characters (use 32+ random bytes)');

/** 32 bytes written as 64 hex characters or base64/base64url. */
const encryptionKey = z.string().refine((v) => decodeKey(v)?.length === 32, {
  message: 'must be 32 bytes, written as 64 hex characters or base64',
});

export function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const buf = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return buf;
  }
  return undefined;
}

const emailLike = z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

/** The providers of integration configuration (docs/api.md#integrations), in the order answers list them. */
export const PROVIDERS = ['tracker', 'wiki', 'chat', 'audit_reasoner'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** An http(s) URL of an external service (the outbound guard checks where it points). */
export const serviceUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2000, 'must be at most 2000 characters');
/** An e-mail address of an account at a provider. */
export const accountEmail = z.email('must be an e-mail address').max(320, 'must be at most 320 characters');
export const CHAT_FORMATS = ['detailed', 'compact'] as const;
export const REASONER_LLM_PROVIDERS = ['openai', 'anthropic'] as const;

const lockedProviders = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
  )
  .pipe(z.array(z.enum(PROVIDERS, { message: `each must be one of ${PROVIDERS.join(', ')}` })));
const prefixList = z.string().transform((v) =>
  v
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== ''),
);

/** Host names (no port) the remote MCP endpoint answers to, besides the defaults. */
const hostList = prefixList.pipe(
  z.array(
    z
      .string()
      .regex(
        /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/,
        'each must be a host name without port, e.g. mcp.example.com',
      )
      .transform((h) => h.toLowerCase().replace(/^\[|\]$/g, '')),
  ),
);
/** Browser origins (`https://app.example.com`) allowed to call the remote MCP endpoint. */
const originList = prefixList.pipe(
  z.array(
    z
      .url({ protocol: /^https?$/, message: 'each must be an http(s) origin, e.g. https://app.example.com' })
      .transform((o) => new URL(o).origin),
  ),
);

/**
 * Which proxies' `X-Forwarded-*` headers are believed: `false`, `true` (every hop: only behind a
 * proxy that replaces X-Forwarded-For), or the proxies' addresses and CIDR ranges (the client is
 * then the nearest address, from the socket outwards, that is not one of them).
 */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  const value = v.trim().toLowerCase();
  if (value === 'true' || value === 'yes' || value === '1') return true;
  if (value === 'false' || value === 'no' || value === '0' || value === '') return false;
  const list = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (list.length === 0 || !list.every(isAddressOrRange)) {
    ctx.addIssue({
      code: 'custom',
      message: "expected true, false, or the proxies' addresses/CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)",
    });
    return z.NEVER;
  }
  return list;
});

function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  SERVICE_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SERVICE_DATABASE_POOL_SIZE: int(1, 200).default(10),
  SERVICE_API_KEY_HASH_SECRET: secret.optional(),
  SERVICE_ONE_TIME_TOKEN_SECRET: secret.optional(),
  SERVICE_INTEGRATION_ENCRYPTION_KEY: encryptionKey.optional(),
  SERVICE_ONE_TIME_TOKEN_TTL_SECONDS: int(30, 7 * 24 * 3600).default(900),
  SERVICE_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  SERVICE_BOOTSTRAP_ADMIN_EMAIL: emailLike.default('admin@localhost'),
  SERVICE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVICE_BODY_LIMIT_BYTES: int(1024, 64 * 1024 * 1024).default(1024 * 1024),
  SERVICE_RATE_LIMIT_PER_KEY_PER_MINUTE: int(1, 10_000_000).default(1200),
  SERVICE_RATE_LIMIT_PER_IP_PER_MINUTE: int(1, 10_000_000).default(120),
  SERVICE_TRUST_PROXY: trustProxy.default(false),
  SERVICE_SHUTDOWN_TIMEOUT_SECONDS: int(1, 600).default(10),
  SERVICE_AUTH_CACHE_SECONDS: int(0, 300).default(5),
  SERVICE_UI_SESSION_IDLE_MINUTES: int(1, 7 * 24 * 60).default(60),
  SERVICE_UI_SESSION_MAX_HOURS: int(1, 30 * 24).default(12),
  SERVICE_JOBS_CONCURRENCY: int(1, 64).default(4),
  SERVICE_JOBS_MAX_ATTEMPTS: int(1, 100).default(10),
  SERVICE_JOBS_RETRY_BASE_SECONDS: int(1, 3600).default(10),
  SERVICE_JOBS_RETRY_MAX_SECONDS: int(1, 7 * 24 * 3600).default(3600),
  SERVICE_PGLITE_VACUUM_MINUTES: int(0, 7 * 24 * 60).default(360),
  SERVICE_IMPORT_MAX_BYTES: int(1024, 10 * 1024 ** 3).default(200 * 1024 * 1024),
  SERVICE_IMPORT_DIR: z.string().min(1).optional(),
  SERVICE_IMPORT_RETENTION_HOURS: int(1, 8760).default(72),
  SERVICE_IMPORT_THREADS: int(0, 64).optional(),
  SERVICE_ALLOW_PRIVATE_NETWORK: booleanFromEnv.default(false),
  SERVICE_MCP_ALLOWED_HOSTS: hostList.optional(),
  SERVICE_MCP_ALLOWED_ORIGINS: originList.optional(),
  SERVICE_INTEGRATION_TIMEOUT_MS: int(100, 120_000).default(10_000),
  SERVICE_INTEGRATION_LOCKED_PROVIDERS: lockedProviders.default([]),
  SERVICE_TRACKER_BASE_URL: serviceUrl.optional(),
  SERVICE_TRACKER_EMAIL: accountEmail.optional(),
  SERVICE_TRACKER_API_TOKEN: z.string().max(1000).optional(),
  SERVICE_WIKI_BASE_URL: serviceUrl.optional(),
  SERVICE_WIKI_EMAIL: accountEmail.optional(),
  SERVICE_WIKI_API_TOKEN: z.string().max(1000).optional(),
  SERVICE_AUDIT_CHAT_WEBHOOK_URL: serviceUrl.optional(),
  SERVICE_AUDIT_CHAT_ACTION_PREFIXES: prefixList.optional(),
  SERVICE_AUDIT_CHAT_DEFAULT_CHANNEL: z.string().max(200).optional(),
  SERVICE_AUDIT_CHAT_FORMAT: z.enum(CHAT_FORMATS).optional(),
  SERVICE_AUDIT_CHAT_INCLUDE_TARGET_JSON: booleanFromEnv.optional(),
  SERVICE_AUDIT_CHAT_MASK_SECRETS: booleanFromEnv.optional(),
  SERVICE_AUDIT_REASONER_ENABLED: booleanFromEnv.optional(),
  SERVICE_AUDIT_REASONER_PROVIDER: z.enum(REASONER_LLM_PROVIDERS).optional(),
  SERVICE_AUDIT_REASONER_MODEL: z.string().max(200).optional(),
  SERVICE_AUDIT_REASONER_BASE_URL: serviceUrl.optional(),
  SERVICE_AUDIT_REASONER_WAIT_MS: int(0, 60_000).default(5_000),
  SERVICE_MODEL_HOURLY_CALL_CAP: int(0, 1_000_000).default(100),
  SERVICE_MODEL_TIMEOUT_MS: int(100, 300_000).default(30_000),
  OPENAI_API_KEY: z.string().max(1000).optional(),
  ANTHROPIC_API_KEY: z.string().max(1000).optional(),
  CODEHOST_APP_ID: z.coerce
    .number({ message: 'expected the numeric id of the app' })
    .int('expected the numeric id of the app')
    .positive('expected the numeric id of the app')
    .optional(),
  CODEHOST_APP_PRIVATE_KEY: z.string().max(20_000, 'is too long for a private key').optional(),
  CODEHOST_APP_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').max(500).optional(),
  CODEHOST_WEBHOOKS_ENABLED: booleanFromEnv.default(true),
  CODEHOST_APP_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/i, "must be the app's slug, as in https://github.com/apps/<slug>")
    .optional(),
  CODEHOST_APP_URL: serviceUrl.optional(),
  CODEHOST_API_URL: serviceUrl.default('https://api.github.com'),
  SERVICE_CODEHOST_STATE_SECRET: secret.optional(),
});

/** With a shared PostgreSQL, generated secrets would differ per process: they must be given. */
export const SECRETS_REQUIRED_WITH_DATABASE_URL = [
  'SERVICE_API_KEY_HASH_SECRET',
  'SERVICE_ONE_TIME_TOKEN_SECRET',
  'SERVICE_INTEGRATION_ENCRYPTION_KEY',
] as const;

export type Env = z.output<typeof envSchema>;

export interface Secrets {
  apiKeyHash: string;
  oneTimeToken: string;
  integrationEncryptionKey: Buffer;
}

/**
 * Integration settings from the environment: the fallbacks of each provider's fields (saved
 * workspace configuration wins, except for audit_reasoner) and the providers locked to them.
 * Field names are those of the provider's `config` object (docs/api.md#integrations).
 */
export interface IntegrationEnv {
  fallbacks: Record<Provider, Record<string, unknown>>;
  locked: Provider[];
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  /**
   * The language model the audit reasoner (and extraction, when a workspace asks) calls: the API
   * key of each provider from the environment (used for the provider that applies), calls allowed
   * per workspace and clock hour, one call's deadline (retries included), and how long a chat
   * delivery waits for an entry's explanation.
   */
  model: {
    apiKeys: Partial<Record<(typeof REASONER_LLM_PROVIDERS)[number], string>>;
    hourlyCallCap: number;
    timeoutMs: number;
    reasonerWaitMs: number;
  };
}

/**
 * The code host app (a GitHub-style app), when CODEHOST_APP_ID and CODEHOST_APP_PRIVATE_KEY are
 * set: its id, its private key as PKCS#8 PEM, where its API and its page are, the secret of its
 * webhooks (undefined when webhooks are off) and the key that signs install states.
 */
export interface CodehostConfig {
  appId: number;
  privateKeyPem: string;
  apiUrl: string;
  /** The app's page (`https://github.com/apps/<slug>`); undefined: asked of the code host. */
  appUrl: string | undefined;
  webhooksEnabled: boolean;
  webhookSecret: string | undefined;
  stateSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  secrets: Secrets;
  oneTimeTokenTtlSeconds: number;
  publicUrl: string;
  /** True when SERVICE_PUBLIC_URL is unset and `publicUrl` is made of HOST and PORT. */
  publicUrlFromListenAddress: boolean;
  bootstrapAdminEmail: string;
  logLevel: Env['SERVICE_LOG_LEVEL'];
  bodyLimitBytes: number;
  rateLimit: { perKeyPerMinute: number; perIpPerMinute: number };
  trustProxy: boolean | string[];
  shutdownTimeoutMs: number;
  authCacheMs: number;
  /** Admin UI sign-in sessions: ended after this long unused, and this long after sign-in whatever their use. */
  uiSession: { idleMs: number; maxMs: number };
  vacuumIntervalMs: number;
  /** Background jobs (platform/jobs): how many attempts run at once per process, and their retries. */
  jobs: {
    concurrency: number;
    /** How often a runner looks for jobs coming due, besides the commits that notify it. */
    pollMs: number;
    /** One attempt is abandoned (and counted failed) after this long. */
    attemptTimeoutMs: number;
    maxAttempts: number;
    retry: { baseMs: number; maxMs: number };
  };
  /** Largest accepted import upload (bytes). */
  importMaxBytes: number;
  /** Where uploads are kept until their import is done with them. */
  importDir: string;
  /** An upload never parsed is removed (its import failed) after this many hours. */
  importRetentionHours: number;
  /** Worker threads a large import's parse or extract may use (0: none, all in the server's thread). */
  importThreads: number;
  integrations: IntegrationEnv;
  /** Who may call the remote MCP endpoint: Host names (no port) and extra browser origins. */
  mcp: { allowedHosts: string[]; allowedOrigins: string[] };
  /** The code host app; null when none is configured (its routes then answer integration_not_configured). */
  codehost: CodehostConfig | null;
}
