import { z } from 'zod';

/** Field shapes shared by several modules' request schemas. */
export const workspaceKey = z
  .string()
  .min(1)
  .max(63)
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'must be lower-case letters, digits, ".", "_" or "-", starting with a letter or digit',
  )
  .describe('Workspace key, e.g. `acme`');

export const userId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^usr_[0-9A-Z]+$/, 'must be a user id (usr_...)');

export const email = z
  .string()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')
  .transform((v) => v.toLowerCase());

/** Years 0001 to 9999: what both engines store from an ISO string (PostgreSQL has no year 0). */
export const inStorableRange = (d: Date) =>
  d.getTime() >= -62_135_596_800_000 && d.getTime() < 253_402_300_800_000;

export const isoDate = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .refine(inStorableRange, 'must be between the years 0001 and 9999');

export const reason = z.string().max(1000).describe('Why the change was made; recorded in the audit entry');

export const timestamp = z.string().describe('ISO 8601 timestamp');
export const nullableTimestamp = z.string().nullable().describe('ISO 8601 timestamp or null');

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
