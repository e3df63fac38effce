import { z } from 'zod';
import { isoDate, isoOrNull, nullableTimestamp, timestamp, userId } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import type { ApiKeyRow } from './table.ts';

export const createKeyBody = z
  .strictObject({
    label: z.string().trim().min(1).max(200).optional(),
    expires_at: isoDate.optional().describe('When the key stops working (ISO 8601, in the future)'),
  })
  // Fastify validates a missing body as null (a bodiless POST, or an empty JSON body): no options.
  .nullish();

/** Revoke and reset take no options: an empty or absent body, never fields that would be ignored. */
export const noOptionsBody = z.strictObject({}).nullish();

export const keyIdParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^key_[0-9A-Z]+$/, 'must be a key id'),
});
export const userParams = z.strictObject({ userId });
export const tokenParams = z.strictObject({ token: z.string().min(1).max(512) });
export const listKeysQuery = z.strictObject(pageQuery);

const KEY_STATUSES = ['active', 'pending', 'revoked', 'expired'] as const;

export const keyMetadata = z.object({
  id: z.string(),
  label: z.string().nullable(),
  prefix: z
    .string()
    .nullable()
    .describe('First characters of the key, for recognition (null until revealed)'),
  status: z.enum(KEY_STATUSES).describe('pending: waiting for its one-time link to be opened'),
  created_at: timestamp,
  last_used_at: nullableTimestamp,
  revoked_at: nullableTimestamp,
  expires_at: nullableTimestamp,
});
export const keyList = listAnswer(keyMetadata);

export const createdKey = keyMetadata.extend({
  api_key: z.string().describe('The plaintext key, shown only here'),
});
export const resetAnswer = z.object({
  one_time_url: z.string().describe('Opens once and reveals the new key'),
  expires_at: timestamp.describe('When the one-time link expires'),
});
export const revealedKey = z.object({
  id: z.string(),
  api_key: z.string(),
  label: z.string().nullable(),
  expires_at: nullableTimestamp.describe("The key's own expiry, if any"),
});

function keyStatus(k: ApiKeyRow, now: Date): (typeof KEY_STATUSES)[number] {
  if (k.revokedAt) return 'revoked';
  if (!k.digest) return 'pending';
  if (k.expiresAt && k.expiresAt <= now) return 'expired';
  return 'active';
}

export function presentKey(k: ApiKeyRow, now: Date): z.output<typeof keyMetadata> {
  return {
    id: k.id,
    label: k.label,
    prefix: k.prefix,
    status: keyStatus(k, now),
    created_at: k.createdAt.toISOString(),
    last_used_at: isoOrNull(k.lastUsedAt),
    revoked_at: isoOrNull(k.revokedAt),
    expires_at: isoOrNull(k.expiresAt),
  };
}
