import { createHmac, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Plaintext keys: `ctxh_` + 32 random base62 characters + a 6-character base62 CRC32 of the random
 * part. The checksum lets us (and secret scanners) reject a mistyped or made-up key before any
 * database lookup.
 */
export const KEY_PREFIX = 'ctxh_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_RE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** How many leading characters are kept to recognise a key in lists (`ctxh_` + 7). */
const RECOGNITION_LENGTH = KEY_PREFIX.length + 7;

function base62(value: number, width: number): string {
  let out = '';
  for (let v = value; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, '0');
}

const checksum = (random: string) => base62(crc32(random), CHECKSUM_LENGTH);

export function generateKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${KEY_PREFIX}${random}${checksum(random)}`;
}

/** True when the text has the key shape and its checksum matches. */
export function isWellFormedKey(text: string): boolean {
  if (!KEY_RE.test(text)) return false;
  const random = text.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  return text.slice(KEY_PREFIX.length + RANDOM_LENGTH) === checksum(random);
}

export const recognitionPrefix = (key: string) => key.slice(0, RECOGNITION_LENGTH);

/** HMAC-SHA256 of the plaintext with the server secret: the only form of a key that is stored. */
export function keyDigest(secret: string, key: string): string {
  return createHmac('sha256', secret).update(key).digest('hex');
}
