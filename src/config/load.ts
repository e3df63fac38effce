import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { codehostConfig, codehostProblems } from './codehost-env.ts';
import { ConfigError } from './config-error.ts';
import {
  decodeKey,
  envSchema,
  SECRETS_REQUIRED_WITH_DATABASE_URL,
  type Config,
  type Env,
  type IntegrationEnv,
} from './schema.ts';

/**
 * Worker threads of an import step by default: on PostgreSQL one per core, up to 4. None with the
 * embedded database: its queries run in the server's own thread, which threads took cores from:
 * the import was at most about 10% faster while other requests waited 3-4 times longer (p50)
 * during extract, and the server's peak memory grew by about 80 MB (ADR 0018).
 */
function defaultImportThreads(onPostgres: boolean): number {
  return onPostgres ? Math.min(4, availableParallelism()) : 0;
}

/** Parses the environment; throws ConfigError listing every problem at once. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => v !== undefined && v !== '' && k in envSchema.shape),
  );
  const parsed = envSchema.safeParse(relevant);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
  if (relevant.DATABASE_URL) {
    for (const name of SECRETS_REQUIRED_WITH_DATABASE_URL) {
      if (!relevant[name]) {
        problems.push(
          `${name}: is required when DATABASE_URL is set (secrets are generated only in embedded mode)`,
        );
      }
    }
  }
  if (parsed.success) problems.push(...codehostProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

const SECRETS_FILE = 'secrets.json';

interface StoredSecrets {
  SERVICE_API_KEY_HASH_SECRET: string;
  SERVICE_ONE_TIME_TOKEN_SECRET: string;
  SERVICE_INTEGRATION_ENCRYPTION_KEY: string;
}

/**
 * Embedded mode: secrets missing from the environment are generated once and kept in the data
 * directory (mode 0600), so keys and links stay valid across restarts.
 */
function embeddedSecrets(env: Env, dataDir: string): StoredSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRETS_FILE);
  let stored: Partial<StoredSecrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    } catch {
      throw new ConfigError([`${file}: not valid JSON; restore it from a backup or remove it`]);
    }
  }
  const generated: StoredSecrets = {
    SERVICE_API_KEY_HASH_SECRET: stored.SERVICE_API_KEY_HASH_SECRET ?? randomBytes(32).toString('base64url'),
    SERVICE_ONE_TIME_TOKEN_SECRET:
      stored.SERVICE_ONE_TIME_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
    SERVICE_INTEGRATION_ENCRYPTION_KEY:
      stored.SERVICE_INTEGRATION_ENCRYPTION_KEY ?? randomBytes(32).toString('base64url'),
  };
  if (JSON.stringify(generated) !== JSON.stringify(stored)) {
    writeFileSync(file, JSON.stringify(generated, null, 2) + '\n', { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return {
    SERVICE_API_KEY_HASH_SECRET: env.SERVICE_API_KEY_HASH_SECRET ?? generated.SERVICE_API_KEY_HASH_SECRET,
    SERVICE_ONE_TIME_TOKEN_SECRET:
      env.SERVICE_ONE_TIME_TOKEN_SECRET ?? generated.SERVICE_ONE_TIME_TOKEN_SECRET,
    SERVICE_INTEGRATION_ENCRYPTION_KEY:
      env.SERVICE_INTEGRATION_ENCRYPTION_KEY ?? generated.SERVICE_INTEGRATION_ENCRYPTION_KEY,
  };
}

/**
 * A secret parseEnv guarantees (it refuses a DATABASE_URL without the secrets, and a key that is
 * not 32 bytes) but that is absent all the same: a configuration error naming it, never a crash
 * further on.
 */
function absent(what: string): never {
  throw new ConfigError([`${what} is missing`]);
}
const required = (name: string) => absent(`${name} (required with DATABASE_URL)`);

/** The whole configuration: environment, plus generated secrets in embedded mode. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = resolve(env.SERVICE_DATA_DIR);
  const secrets = env.DATABASE_URL
    ? {
        SERVICE_API_KEY_HASH_SECRET:
          env.SERVICE_API_KEY_HASH_SECRET ?? required('SERVICE_API_KEY_HASH_SECRET'),
        SERVICE_ONE_TIME_TOKEN_SECRET:
          env.SERVICE_ONE_TIME_TOKEN_SECRET ?? required('SERVICE_ONE_TIME_TOKEN_SECRET'),
        SERVICE_INTEGRATION_ENCRYPTION_KEY:
          env.SERVICE_INTEGRATION_ENCRYPTION_KEY ?? required('SERVICE_INTEGRATION_ENCRYPTION_KEY'),
      }
    : embeddedSecrets(env, dataDir);
  return fromEnv(env, dataDir, secrets);
}

function fromEnv(env: Env, dataDir: string, s: StoredSecrets): Config {
  const hostForUrl = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.SERVICE_DATABASE_POOL_SIZE,
    secrets: {
      apiKeyHash: s.SERVICE_API_KEY_HASH_SECRET,
      oneTimeToken: s.SERVICE_ONE_TIME_TOKEN_SECRET,
      integrationEncryptionKey:
        decodeKey(s.SERVICE_INTEGRATION_ENCRYPTION_KEY) ??
        absent('a 32-byte SERVICE_INTEGRATION_ENCRYPTION_KEY'),
    },
    oneTimeTokenTtlSeconds: env.SERVICE_ONE_TIME_TOKEN_TTL_SECONDS,
    publicUrl: (env.SERVICE_PUBLIC_URL ?? `http://${hostForUrl}:${env.PORT}`).replace(/\/+$/, ''),
    publicUrlFromListenAddress: env.SERVICE_PUBLIC_URL === undefined,
    bootstrapAdminEmail: env.SERVICE_BOOTSTRAP_ADMIN_EMAIL.toLowerCase(),
    logLevel: env.SERVICE_LOG_LEVEL,
    bodyLimitBytes: env.SERVICE_BODY_LIMIT_BYTES,
    rateLimit: {
      perKeyPerMinute: env.SERVICE_RATE_LIMIT_PER_KEY_PER_MINUTE,
      perIpPerMinute: env.SERVICE_RATE_LIMIT_PER_IP_PER_MINUTE,
    },
    trustProxy: env.SERVICE_TRUST_PROXY,
    shutdownTimeoutMs: env.SERVICE_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    authCacheMs: env.SERVICE_AUTH_CACHE_SECONDS * 1000,
    uiSession: {
      idleMs: env.SERVICE_UI_SESSION_IDLE_MINUTES * 60_000,
      maxMs: env.SERVICE_UI_SESSION_MAX_HOURS * 3_600_000,
    },
    vacuumIntervalMs: env.SERVICE_PGLITE_VACUUM_MINUTES * 60_000,
    jobs: {
      concurrency: env.SERVICE_JOBS_CONCURRENCY,
      pollMs: 2_000,
      attemptTimeoutMs: 60_000,
      maxAttempts: env.SERVICE_JOBS_MAX_ATTEMPTS,
      retry: {
        baseMs: env.SERVICE_JOBS_RETRY_BASE_SECONDS * 1000,
        maxMs: Math.max(env.SERVICE_JOBS_RETRY_BASE_SECONDS, env.SERVICE_JOBS_RETRY_MAX_SECONDS) * 1000,
      },
    },
    importMaxBytes: env.SERVICE_IMPORT_MAX_BYTES,
    importDir: resolve(env.SERVICE_IMPORT_DIR ?? join(dataDir, 'imports')),
    importRetentionHours: env.SERVICE_IMPORT_RETENTION_HOURS,
    importThreads: env.SERVICE_IMPORT_THREADS ?? defaultImportThreads(Boolean(env.DATABASE_URL)),
    integrations: integrationEnv(env),
    mcp: mcpEnv(env),
    codehost: codehostConfig(env, s.SERVICE_ONE_TIME_TOKEN_SECRET),
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

/**
 * The remote MCP endpoint answers to loopback names, the listening address (unless a wildcard),
 * SERVICE_PUBLIC_URL's host and SERVICE_MCP_ALLOWED_HOSTS; browsers may call it from those hosts'
 * origins and SERVICE_MCP_ALLOWED_ORIGINS (DNS rebinding protection).
 */
function mcpEnv(env: Env): Config['mcp'] {
  const listening = ['0.0.0.0', '::', ''].includes(env.HOST) ? [] : [env.HOST.toLowerCase()];
  const publicHost = env.SERVICE_PUBLIC_URL
    ? [new URL(env.SERVICE_PUBLIC_URL).hostname.replace(/^\[|\]$/g, '')]
    : [];
  return {
    allowedHosts: [
      ...new Set([...LOOPBACK_HOSTS, ...listening, ...publicHost, ...(env.SERVICE_MCP_ALLOWED_HOSTS ?? [])]),
    ],
    allowedOrigins: env.SERVICE_MCP_ALLOWED_ORIGINS ?? [],
  };
}

/** Only the variables that are set: an unset one leaves the field to the workspace. */
const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

function integrationEnv(env: Env): IntegrationEnv {
  return {
    fallbacks: {
      tracker: defined({
        base_url: env.SERVICE_TRACKER_BASE_URL,
        email: env.SERVICE_TRACKER_EMAIL,
        api_token: env.SERVICE_TRACKER_API_TOKEN,
      }),
      wiki: defined({
        base_url: env.SERVICE_WIKI_BASE_URL,
        email: env.SERVICE_WIKI_EMAIL,
        api_token: env.SERVICE_WIKI_API_TOKEN,
      }),
      chat: defined({
        webhook_url: env.SERVICE_AUDIT_CHAT_WEBHOOK_URL,
        action_prefixes: env.SERVICE_AUDIT_CHAT_ACTION_PREFIXES,
        default_channel: env.SERVICE_AUDIT_CHAT_DEFAULT_CHANNEL,
        format: env.SERVICE_AUDIT_CHAT_FORMAT,
        include_target_json: env.SERVICE_AUDIT_CHAT_INCLUDE_TARGET_JSON,
        mask_secrets: env.SERVICE_AUDIT_CHAT_MASK_SECRETS,
      }),
      audit_reasoner: defined({
        enabled: env.SERVICE_AUDIT_REASONER_ENABLED,
        llm_provider: env.SERVICE_AUDIT_REASONER_PROVIDER,
        model: env.SERVICE_AUDIT_REASONER_MODEL,
        base_url: env.SERVICE_AUDIT_REASONER_BASE_URL,
      }),
    },
    locked: env.SERVICE_INTEGRATION_LOCKED_PROVIDERS,
    allowPrivateNetwork: env.SERVICE_ALLOW_PRIVATE_NETWORK,
    timeoutMs: env.SERVICE_INTEGRATION_TIMEOUT_MS,
    model: {
      apiKeys: defined({ openai: env.OPENAI_API_KEY, anthropic: env.ANTHROPIC_API_KEY }),
      hourlyCallCap: env.SERVICE_MODEL_HOURLY_CALL_CAP,
      timeoutMs: env.SERVICE_MODEL_TIMEOUT_MS,
      reasonerWaitMs: env.SERVICE_AUDIT_REASONER_WAIT_MS,
    },
  };
}

/** A complete configuration for tests and benchmarks, without touching the file system. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests talk to fakes of external providers on 127.0.0.1 (docs/design.md#outbound-http).
  const env = parseEnv({ SERVICE_LOG_LEVEL: 'silent', SERVICE_ALLOW_PRIVATE_NETWORK: 'true' });
  return {
    ...fromEnv(env, resolve('data-test'), {
      SERVICE_API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
      SERVICE_ONE_TIME_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      SERVICE_INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    }),
    ...overrides,
  };
}
