import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/design.md#secrets): a JSON value sealed with AES-256-GCM under the
 * server's integration key. `context` (e.g. the workspace and provider a secret belongs to) is
 * authenticated but not stored, so a sealed value copied to another row does not open there.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export function sealJson(key: Buffer, context: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export class SealedValueError extends Error {}

/** Opens what sealJson sealed under the same key and context; SealedValueError otherwise. */
export function openJson(key: Buffer, context: string, sealed: string): unknown {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
    throw new SealedValueError('Not a sealed value of this version');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return JSON.parse(text.toString('utf8'));
  } catch {
    throw new SealedValueError('The sealed value does not open with this key and context');
  }
}
