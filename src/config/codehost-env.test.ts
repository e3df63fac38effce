import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** As GitHub hands it out: PKCS#1, "BEGIN RSA PRIVATE KEY". */
const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const secrets = {
  SERVICE_API_KEY_HASH_SECRET: 'a'.repeat(40),
  SERVICE_ONE_TIME_TOKEN_SECRET: 'b'.repeat(40),
  SERVICE_INTEGRATION_ENCRYPTION_KEY: 'c'.repeat(64),
  DATABASE_URL: 'postgres://localhost/none',
};
const app = { CODEHOST_APP_ID: '123456', CODEHOST_APP_WEBHOOK_SECRET: 'webhook-secret-1' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...secrets, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('code host app configuration', () => {
  it('is off without an app id and key', () => {
    expect(loadConfig(secrets).codehost).toBeNull();
  });

  it('reads the key as raw PEM, as PEM with \\n escapes and as base64 PEM, RSA in PKCS#1 or PKCS#8', () => {
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forms = [
      pkcs1,
      pkcs1.trim().replace(/\n/g, '\\n'),
      Buffer.from(pkcs1).toString('base64'),
      pkcs8,
      `  ${pkcs8}\n\n`,
    ];
    for (const form of forms) {
      const codehost = loadConfig({ ...secrets, ...app, CODEHOST_APP_PRIVATE_KEY: form }).codehost;
      expect(codehost?.appId).toBe(123456);
      const parsed = createPrivateKey(codehost?.privateKeyPem ?? '');
      expect(parsed.equals(privateKey)).toBe(true);
    }
  });

  it('names the variable of a key that does not parse, never showing the key', () => {
    const lines = pkcs1.trim().split('\n');
    const broken = [...lines.slice(0, 8), ...lines.slice(-1)].join('\n'); // cut short
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const bad of [broken, 'not a key', Buffer.from('hello').toString('base64'), ec]) {
      const problems = problemsOf({ ...app, CODEHOST_APP_PRIVATE_KEY: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^CODEHOST_APP_PRIVATE_KEY: /);
      if (bad.length > 60) expect(problems[0]).not.toContain(bad.slice(40, 60));
      expect(problems[0]).not.toContain('\n');
    }
  });

  it('wants the id and the key together, and the webhook secret while webhooks are on', () => {
    expect(problemsOf({ CODEHOST_APP_ID: '1', CODEHOST_APP_WEBHOOK_SECRET: 'long-enough' })).toEqual([
      'CODEHOST_APP_PRIVATE_KEY: is required with CODEHOST_APP_ID',
    ]);
    expect(problemsOf({ CODEHOST_APP_PRIVATE_KEY: pkcs1, CODEHOST_WEBHOOKS_ENABLED: 'false' })).toEqual([
      'CODEHOST_APP_ID: is required with CODEHOST_APP_PRIVATE_KEY',
    ]);
    const noSecret = problemsOf({ CODEHOST_APP_ID: '1', CODEHOST_APP_PRIVATE_KEY: pkcs1 });
    expect(noSecret).toHaveLength(1);
    expect(noSecret[0]).toMatch(/^CODEHOST_APP_WEBHOOK_SECRET: is required while webhooks are on/);
    expect(problemsOf({ CODEHOST_APP_NAME: 'ctxhub' })).toEqual([
      'CODEHOST_APP_NAME: is set, but CODEHOST_APP_ID and CODEHOST_APP_PRIVATE_KEY are not',
    ]);
    const off = loadConfig({
      ...secrets,
      CODEHOST_APP_ID: '1',
      CODEHOST_APP_PRIVATE_KEY: pkcs1,
      CODEHOST_WEBHOOKS_ENABLED: 'false',
    }).codehost;
    expect(off).toMatchObject({ webhooksEnabled: false, webhookSecret: undefined });
  });

  it("makes the app's page from its name or takes its URL, and points at GitHub's API unless told", () => {
    const withKey = { ...app, CODEHOST_APP_PRIVATE_KEY: pkcs1 };
    expect(loadConfig({ ...secrets, ...withKey, CODEHOST_APP_NAME: 'ctxhub-acme' }).codehost).toMatchObject({
      appUrl: 'https://github.com/apps/ctxhub-acme',
      apiUrl: 'https://api.github.com',
    });
    const enterprise = loadConfig({
      ...secrets,
      ...withKey,
      CODEHOST_APP_URL: 'https://git.acme.example/github-apps/ctxhub/',
      CODEHOST_API_URL: 'https://git.acme.example/api/v3/',
    }).codehost;
    expect(enterprise).toMatchObject({
      appUrl: 'https://git.acme.example/github-apps/ctxhub',
      apiUrl: 'https://git.acme.example/api/v3',
    });
    expect(loadConfig({ ...secrets, ...withKey }).codehost?.appUrl).toBeUndefined();
    expect(problemsOf({ ...withKey, CODEHOST_APP_NAME: 'a b' })[0]).toMatch(/^CODEHOST_APP_NAME: /);
  });

  it('signs install states with its own secret, else one derived from the server secret', () => {
    const withKey = { ...app, CODEHOST_APP_PRIVATE_KEY: pkcs1 };
    const derived = loadConfig({ ...secrets, ...withKey }).codehost?.stateSecret;
    expect(derived).toHaveLength(43);
    expect(loadConfig({ ...secrets, ...withKey }).codehost?.stateSecret).toBe(derived);
    expect(derived).not.toContain(secrets.SERVICE_ONE_TIME_TOKEN_SECRET);
    const own = 's'.repeat(40);
    expect(
      loadConfig({ ...secrets, ...withKey, SERVICE_CODEHOST_STATE_SECRET: own }).codehost?.stateSecret,
    ).toBe(own);
  });
});
