import { z } from 'zod';
import { ACCESS_SOURCES } from '../table.ts';
import { defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

/** Whose membership an access change touches. */
export type AccessScope = 'workspace_member' | 'project_member';
/** What happened to it: `access.<scope>.<verb>`. */
export type AccessVerb = 'added' | 'role_changed' | 'removed';

const ROLE = z.string().regex(/^[A-Z_]+$/, 'must be a role in upper case');
/** A role that does not exist on that side of the change (before an addition, after a removal). */
const NONE = (side: string) => param(z.null(), `Always null: there is no role ${side}`, null);
const BEFORE = param(ROLE, 'The role before, upper-case (e.g. MEMBER)', 'MEMBER');
const AFTER = param(ROLE, 'The role after, upper-case (e.g. ADMIN)', 'ADMIN');
const ROLES = {
  added: { old_role: NONE('before'), new_role: AFTER },
  role_changed: { old_role: BEFORE, new_role: AFTER },
  removed: { old_role: BEFORE, new_role: NONE('after') },
};
const IN_WORKSPACE = { workspace_key: WORKSPACE_KEY };
const IN_PROJECT = { workspace_key: WORKSPACE_KEY, project_key: PROJECT_KEY };

/** The params every `access.*` entry carries (written by recordAccessChange). */
const access = <R extends z.ZodRawShape, W extends z.ZodRawShape>(description: string, roles: R, where: W) =>
  defineAction(description, {
    source: param(
      z.enum(ACCESS_SOURCES),
      'Who made the change: manual (a person), codehost, oidc (the identity provider) or system',
      'manual',
    ),
    target_user_id: param(
      z.string(),
      'Id of the user whose membership changed',
      'usr_01JQ8ZG5R8T1W4N7K2M6X9B3CF',
    ),
    ...roles,
    ...where,
    correlation_id: param(
      z.string().optional(),
      'Groups the changes of one sync run or flow',
      'cor_01JQ8ZH8T2W5N8K3M7X1B4C6DG',
    ),
    evidence: param(
      z.record(z.string(), z.json()).optional(),
      'What the change rests on (an object), e.g. { reason: "workspace_created" }',
      { reason: 'workspace_created' },
    ),
  });

/** Who is a member of a workspace or a project, and with what role. */
export const ACCESS_ACTIONS = {
  'access.workspace_member.added': access('A user was added to the workspace.', ROLES.added, IN_WORKSPACE),
  'access.workspace_member.role_changed': access(
    "A workspace member's role changed.",
    ROLES.role_changed,
    IN_WORKSPACE,
  ),
  'access.workspace_member.removed': access(
    'A user was removed from the workspace.',
    ROLES.removed,
    IN_WORKSPACE,
  ),
  'access.project_member.added': access('A user was added to a project.', ROLES.added, IN_PROJECT),
  'access.project_member.role_changed': access(
    "A project member's role changed.",
    ROLES.role_changed,
    IN_PROJECT,
  ),
  'access.project_member.removed': access('A user was removed from a project.', ROLES.removed, IN_PROJECT),
} satisfies Record<`access.${AccessScope}.${AccessVerb}`, unknown>;
