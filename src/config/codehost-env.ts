import { createHmac, createPrivateKey } from 'node:crypto';
import type { CodehostConfig, Env } from './schema.ts';

/**
 * The code host app's settings: CODEHOST_APP_ID with CODEHOST_APP_PRIVATE_KEY turn it on. The key
 * is accepted as the PEM file's text, as that text with its line breaks written `\n` (one line,
 * for env files), or base64 of the PEM; it must be an RSA key (apps sign RS256 tokens). A problem
 * names the variable and never shows the key.
 */

/** The PEM text of CODEHOST_APP_PRIVATE_KEY in any of its three accepted forms, or undefined. */
function pemOf(value: string): string | undefined {
  const text = value.trim();
  if (text.includes('-----BEGIN')) return text.replace(/\\r/g, '').replace(/\\n/g, '\n');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(text)) return undefined;
  const decoded = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  return decoded.includes('-----BEGIN') ? decoded.trim() : undefined;
}

/** The key as PKCS#8 PEM, or the problem with it (a sentence without the key). */
function parsePrivateKey(value: string): { pem: string } | { problem: string } {
  const pem = pemOf(value);
  const expected = 'expected the PEM private key of the app (raw, with \\n escapes, or base64)';
  if (!pem) return { problem: `not a PEM private key: ${expected}` };
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') {
      return { problem: `is a ${key.asymmetricKeyType ?? 'non-RSA'} key; the app's key is RSA` };
    }
    return { pem: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
  } catch {
    return { problem: `does not parse as a private key: ${expected}` };
  }
}

/** What is wrong with the code host settings, one line per variable (empty when all is well). */
export function codehostProblems(env: Env): string[] {
  const problems: string[] = [];
  const id = env.CODEHOST_APP_ID;
  const key = env.CODEHOST_APP_PRIVATE_KEY;
  if (id === undefined && key === undefined) {
    const stray = (['CODEHOST_APP_WEBHOOK_SECRET', 'CODEHOST_APP_NAME', 'CODEHOST_APP_URL'] as const).filter(
      (name) => env[name] !== undefined,
    );
    return stray.map((name) => `${name}: is set, but CODEHOST_APP_ID and CODEHOST_APP_PRIVATE_KEY are not`);
  }
  if (id === undefined) problems.push('CODEHOST_APP_ID: is required with CODEHOST_APP_PRIVATE_KEY');
  if (key === undefined) problems.push('CODEHOST_APP_PRIVATE_KEY: is required with CODEHOST_APP_ID');
  else {
    const parsed = parsePrivateKey(key);
    if ('problem' in parsed) problems.push(`CODEHOST_APP_PRIVATE_KEY: ${parsed.problem}`);
  }
  if (env.CODEHOST_WEBHOOKS_ENABLED && env.CODEHOST_APP_WEBHOOK_SECRET === undefined) {
    problems.push(
      'CODEHOST_APP_WEBHOOK_SECRET: is required while webhooks are on (the secret set on the app; ' +
        'CODEHOST_WEBHOOKS_ENABLED=false runs without webhooks)',
    );
  }
  if (env.CODEHOST_APP_NAME !== undefined && env.CODEHOST_APP_URL !== undefined) {
    problems.push('CODEHOST_APP_URL: set CODEHOST_APP_NAME or CODEHOST_APP_URL, not both');
  }
  return problems;
}

/**
 * The code host configuration, or null without an app. Call after codehostProblems found none.
 * Install states are signed with SERVICE_CODEHOST_STATE_SECRET, else with a key derived from the
 * server's one-time-token secret (so it survives restarts as that secret does).
 */
export function codehostConfig(env: Env, serverSecret: string): CodehostConfig | null {
  if (env.CODEHOST_APP_ID === undefined || env.CODEHOST_APP_PRIVATE_KEY === undefined) return null;
  const parsed = parsePrivateKey(env.CODEHOST_APP_PRIVATE_KEY);
  if ('problem' in parsed) return null;
  const apiUrl = env.CODEHOST_API_URL.replace(/\/+$/, '');
  const named = env.CODEHOST_APP_NAME && `https://github.com/apps/${env.CODEHOST_APP_NAME}`;
  return {
    appId: env.CODEHOST_APP_ID,
    privateKeyPem: parsed.pem,
    apiUrl,
    appUrl: (env.CODEHOST_APP_URL ?? named)?.replace(/\/+$/, '') || undefined,
    webhooksEnabled: env.CODEHOST_WEBHOOKS_ENABLED,
    webhookSecret: env.CODEHOST_WEBHOOKS_ENABLED ? env.CODEHOST_APP_WEBHOOK_SECRET : undefined,
    stateSecret:
      env.SERVICE_CODEHOST_STATE_SECRET ??
      createHmac('sha256', serverSecret).update('ctxhub codehost install state').digest('base64url'),
  };
}
