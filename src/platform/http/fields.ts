import { z } from 'zod';
import { isStorableTime } from '../db/storable-time.ts';

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

/** An ISO 8601 time with its offset, kept as written (a write body's input and output are alike). */
/** An ISO 8601 date-time with its offset, within the years PostgreSQL stores (not a date alone). */
export const isoDateText = z.iso
  .datetime({ offset: true, abort: true })
  .refine((v) => isStorableTime(new Date(v).getTime()), 'must be between the years 0001 and 9999');

export const isoDate = isoDateText.transform((v) => new Date(v));

export const reason = z.string().max(1000).describe('Why the change was made; recorded in the audit entry');

/** Words to search or recall by, as every search parameter takes them. */
export const searchText = z.string().trim().min(1).max(500);

export const timestamp = z.string().describe('ISO 8601 timestamp');
export const nullableTimestamp = z.string().nullable().describe('ISO 8601 timestamp or null');

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function canonicalLocale(value: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical;
  } catch {
    return undefined;
  }
}

/** A locale code (`en`, `pt-BR`), given back in its canonical form. */
export const localeCode = z
  .string()
  .max(35)
  .transform((v, ctx) => {
    const canonical = canonicalLocale(v);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: 'must be a locale code such as "en" or "pt-BR"' });
      return z.NEVER;
    }
    return canonical;
  });
