import { z } from 'zod';
import { email, iso, timestamp, userId, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer } from '../../platform/http/pagination.ts';
import { WORKSPACE_ROLES } from '../access/index.ts';

/*
 * Memberships as requests and answers, shared by workspace and project members. A leaf of the module
 * (no import of another module): other modules build their schemas from these when they load.
 */

/** How a membership request (workspace or project) names its user: by id or by e-mail. */
export const userRefShape = { user_id: userId.optional(), email: email.optional() };

/** Requires exactly one of `user_id` or `email` (see `userRefShape`). */
export const exactlyOneUserRef = <S extends z.ZodType<{ user_id?: string; email?: string }>>(schema: S) =>
  schema.refine((b) => (b.user_id === undefined) !== (b.email === undefined), {
    message: 'give exactly one of user_id or email',
    path: ['user_id'],
  });

export const memberParams = z.strictObject({ key: workspaceKey, userId });
export const addMemberBody = exactlyOneUserRef(
  z.strictObject({ ...userRefShape, role: z.enum(WORKSPACE_ROLES) }),
);
export const changeMemberBody = z.strictObject({ role: z.enum(WORKSPACE_ROLES) });

export const memberAnswer = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  created_at: timestamp,
});
export const memberList = listAnswer(memberAnswer);

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: string;
  createdAt: Date;
}

/** A member as answered: the user's identity with their membership's role and date. */
export const memberView = (
  user: { id: string; email: string; name: string | null },
  membership: { role: string; createdAt: Date },
): MemberView => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  role: membership.role,
  createdAt: membership.createdAt,
});

export const presentMember = (m: MemberView): z.output<typeof memberAnswer> => ({
  user_id: m.userId,
  email: m.email,
  name: m.name,
  role: m.role,
  created_at: iso(m.createdAt),
});
