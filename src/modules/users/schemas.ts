import { z } from 'zod';
import { email, iso, timestamp } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import type { UserRow } from '../tenancy/index.ts';

export const createUserBody = z.strictObject({
  email,
  name: z.string().trim().min(1).max(200).optional(),
  is_admin: z.boolean().optional(),
});
export const listUsersQuery = z.strictObject(pageQuery);

export const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  codehost_login: z
    .string()
    .nullable()
    .describe('Their login at the code host (permission sync finds them by it)'),
  created_at: timestamp,
});
export const userList = listAnswer(userAnswer);

export const meAnswer = z.object({
  user: userAnswer.omit({ created_at: true, codehost_login: true }),
  workspaces: z.array(z.object({ workspace_key: z.string(), role: z.string() })),
});

export const presentUser = (u: UserRow): z.output<typeof userAnswer> => ({
  id: u.id,
  email: u.email,
  name: u.name,
  is_admin: u.isAdmin,
  codehost_login: u.codehostLogin,
  created_at: iso(u.createdAt),
});

export const userParams = z.strictObject({ userId: z.string().min(1).max(100) });
/** A GitHub-style login: letters, digits and single hyphens, 1-39 characters, not starting with a hyphen. */
export const updateUserBody = z.strictObject({
  codehost_login: z
    .string()
    .regex(
      /^[A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38}$/,
      'must be a code host login (letters, digits, single hyphens; up to 39)',
    )
    .nullable(),
});
