import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ctxhub-cfg-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('has documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      SERVICE_DATA_DIR: './data',
      SERVICE_ONE_TIME_TOKEN_TTL_SECONDS: 900,
      SERVICE_BOOTSTRAP_ADMIN_EMAIL: 'admin@localhost',
    });
  });

  it('lists every bad value at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      SERVICE_ONE_TIME_TOKEN_TTL_SECONDS: '-5',
      SERVICE_LOG_LEVEL: 'loud',
      SERVICE_TRUST_PROXY: 'maybe',
      SERVICE_API_KEY_HASH_SECRET: 'short',
      SERVICE_DATA_DIR: tempDir(),
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'PORT',
      'SERVICE_API_KEY_HASH_SECRET',
      'SERVICE_LOG_LEVEL',
      'SERVICE_ONE_TIME_TOKEN_TTL_SECONDS',
      'SERVICE_TRUST_PROXY',
    ]);
  });

  it('keeps uploads never parsed 72 hours unless told (1 to 8760)', () => {
    expect(loadConfig({ SERVICE_DATA_DIR: tempDir() }).importRetentionHours).toBe(72);
    expect(
      loadConfig({ SERVICE_DATA_DIR: tempDir(), SERVICE_IMPORT_RETENTION_HOURS: '1' }).importRetentionHours,
    ).toBe(1);
    for (const bad of ['0', '8761', '2.5', 'soon']) {
      const problems = problemsOf({ SERVICE_DATA_DIR: tempDir(), SERVICE_IMPORT_RETENTION_HOURS: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SERVICE_IMPORT_RETENTION_HOURS: /);
    }
  });

  it('gives a large import one thread per core (up to 4) on PostgreSQL, none on PGlite, unless told (0 to 64)', () => {
    const postgres = {
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      SERVICE_API_KEY_HASH_SECRET: 'a'.repeat(40),
      SERVICE_ONE_TIME_TOKEN_SECRET: 'b'.repeat(40),
      SERVICE_INTEGRATION_ENCRYPTION_KEY: 'c'.repeat(64),
    };
    expect(loadConfig({ SERVICE_DATA_DIR: tempDir() }).importThreads).toBe(0);
    expect(loadConfig(postgres).importThreads).toBe(Math.min(4, availableParallelism()));
    expect(loadConfig({ ...postgres, SERVICE_IMPORT_THREADS: '0' }).importThreads).toBe(0);
    expect(loadConfig({ SERVICE_DATA_DIR: tempDir(), SERVICE_IMPORT_THREADS: '3' }).importThreads).toBe(3);
    for (const bad of ['-1', '65', '1.5', 'many']) {
      const problems = problemsOf({ SERVICE_DATA_DIR: tempDir(), SERVICE_IMPORT_THREADS: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SERVICE_IMPORT_THREADS: /);
    }
  });

  it('refuses DATABASE_URL without the three secrets, naming each', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://u@127.0.0.1/db' });
    expect(problems.join('\n')).toContain('SERVICE_API_KEY_HASH_SECRET');
    expect(problems.join('\n')).toContain('SERVICE_ONE_TIME_TOKEN_SECRET');
    expect(problems.join('\n')).toContain('SERVICE_INTEGRATION_ENCRYPTION_KEY');
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL/);
  });

  it('accepts given secrets with DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      SERVICE_API_KEY_HASH_SECRET: 'a'.repeat(40),
      SERVICE_ONE_TIME_TOKEN_SECRET: 'b'.repeat(40),
      SERVICE_INTEGRATION_ENCRYPTION_KEY: 'c'.repeat(64),
    });
    expect(config.secrets.integrationEncryptionKey).toHaveLength(32);
    expect(
      problemsOf({ SERVICE_INTEGRATION_ENCRYPTION_KEY: 'too-short', SERVICE_DATA_DIR: tempDir() })[0],
    ).toMatch(/^SERVICE_INTEGRATION_ENCRYPTION_KEY/);
  });

  it('generates missing secrets once in embedded mode, in a 0600 file, and keeps them', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const first = loadConfig({ SERVICE_DATA_DIR: dir });
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ SERVICE_DATA_DIR: dir });
    expect(second.secrets).toEqual(first.secrets);
    expect(first.secrets.apiKeyHash.length).toBeGreaterThanOrEqual(32);
    // The environment wins over the file, and the file is left as it was.
    const given = loadConfig({ SERVICE_DATA_DIR: dir, SERVICE_API_KEY_HASH_SECRET: 'z'.repeat(32) });
    expect(given.secrets.apiKeyHash).toBe('z'.repeat(32));
    expect(JSON.parse(readFileSync(file, 'utf8')).SERVICE_API_KEY_HASH_SECRET).toBe(first.secrets.apiKeyHash);
  });

  it('reads integration fallbacks and locks from the environment, refusing bad values by name', () => {
    const config = loadConfig({
      SERVICE_DATA_DIR: tempDir(),
      SERVICE_TRACKER_BASE_URL: 'https://acme.atlassian.net',
      SERVICE_TRACKER_EMAIL: 'bot@acme.example',
      SERVICE_TRACKER_API_TOKEN: 'tok',
      SERVICE_AUDIT_CHAT_ACTION_PREFIXES: 'ci., integration. ,',
      SERVICE_AUDIT_CHAT_MASK_SECRETS: 'false',
      SERVICE_AUDIT_REASONER_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'ak',
      OPENAI_API_KEY: 'ok',
      SERVICE_INTEGRATION_LOCKED_PROVIDERS: 'chat, wiki',
    });
    expect(config.integrations.fallbacks.tracker).toEqual({
      base_url: 'https://acme.atlassian.net',
      email: 'bot@acme.example',
      api_token: 'tok',
    });
    expect(config.integrations.fallbacks.wiki).toEqual({});
    expect(config.integrations.fallbacks.chat).toEqual({
      action_prefixes: ['ci.', 'integration.'],
      mask_secrets: false,
    });
    expect(config.integrations.fallbacks.audit_reasoner).toEqual({ llm_provider: 'anthropic' });
    expect(config.integrations.model).toEqual({
      apiKeys: { openai: 'ok', anthropic: 'ak' },
      hourlyCallCap: 100,
      timeoutMs: 30_000,
      reasonerWaitMs: 5_000,
    });
    expect(config.integrations.locked).toEqual(['chat', 'wiki']);
    expect(config.integrations.allowPrivateNetwork).toBe(false);
    expect(
      problemsOf({
        SERVICE_DATA_DIR: tempDir(),
        SERVICE_TRACKER_BASE_URL: 'acme.atlassian.net',
        SERVICE_WIKI_EMAIL: 'nobody',
        SERVICE_AUDIT_CHAT_FORMAT: 'fancy',
        SERVICE_INTEGRATION_LOCKED_PROVIDERS: 'chat,jira',
      })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual([
      'SERVICE_AUDIT_CHAT_FORMAT',
      'SERVICE_INTEGRATION_LOCKED_PROVIDERS.1',
      'SERVICE_TRACKER_BASE_URL',
      'SERVICE_WIKI_EMAIL',
    ]);
  });
});
