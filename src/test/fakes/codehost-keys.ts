import { createHmac, generateKeyPairSync } from 'node:crypto';

// A GitHub App's key pair, made here (the private key in the PKCS#1 PEM GitHub hands out), and the
// signature GitHub puts on a webhook delivery (X-Hub-Signature-256).

export interface AppKeyPair {
  /** PKCS#1, "-----BEGIN RSA PRIVATE KEY-----", as GitHub issues an App's private key. */
  privateKeyPem: string;
  /** SPKI, "-----BEGIN PUBLIC KEY-----": what the fake verifies JWTs with. */
  publicKeyPem: string;
}

/** A fresh 2048-bit RSA pair (tens to hundreds of milliseconds: prefer `testAppKeys()`). */
export function generateAppKeyPair(): AppKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

let shared: AppKeyPair | undefined;

/** One pair per process, made on first use: every test file of a worker shares it. */
export function testAppKeys(): AppKeyPair {
  shared ??= generateAppKeyPair();
  return shared;
}

/** The `X-Hub-Signature-256` value of a webhook body: `sha256=` and the hex HMAC-SHA256. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
