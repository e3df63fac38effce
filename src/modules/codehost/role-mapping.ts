import type { ProjectRole } from '../tenancy/index.ts';

/** A repository permission at the code host, strongest first. */
export const CODEHOST_PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read'] as const;
export type CodehostPermission = (typeof CODEHOST_PERMISSIONS)[number];

/** Which project role each permission gives (null: none) unless the workspace says otherwise. */
const DEFAULT_ROLE_MAPPING: Readonly<Record<CodehostPermission, ProjectRole | null>> = {
  admin: 'maintainer',
  maintain: 'maintainer',
  write: 'writer',
  triage: 'reader',
  read: 'reader',
};

/** What the code host says of a collaborator's access to a repository. */
export interface CollaboratorAccess {
  role_name?: string | null;
  permissions?: {
    admin?: boolean;
    maintain?: boolean;
    push?: boolean;
    triage?: boolean;
    pull?: boolean;
  } | null;
}

const isPermission = (name: string): name is CodehostPermission =>
  (CODEHOST_PERMISSIONS as readonly string[]).includes(name);

/**
 * A collaborator's permission: its role name when it is a built-in one (`push` and `pull` are the
 * API's older names of write and read), else (a custom role) the strongest of its permission flags.
 */
export function permissionOf(access: CollaboratorAccess): CodehostPermission | null {
  const name =
    access.role_name === 'push' ? 'write' : access.role_name === 'pull' ? 'read' : access.role_name;
  if (name && isPermission(name)) return name;
  const p = access.permissions ?? {};
  if (p.admin) return 'admin';
  if (p.maintain) return 'maintain';
  if (p.push) return 'write';
  if (p.triage) return 'triage';
  if (p.pull) return 'read';
  return null;
}

/** The project role a permission gives in a workspace (its mapping over the default). */
export function roleFor(
  permission: CodehostPermission,
  mapping: Partial<Record<string, string | null>> | null,
): ProjectRole | null {
  const chosen = mapping?.[permission];
  if (chosen === undefined) return DEFAULT_ROLE_MAPPING[permission];
  return chosen === 'maintainer' || chosen === 'writer' || chosen === 'reader' ? chosen : null;
}

/** The whole mapping a workspace uses: its own choices over the default. */
export function effectiveMapping(
  mapping: Partial<Record<string, string | null>> | null,
): Record<CodehostPermission, ProjectRole | null> {
  return Object.fromEntries(CODEHOST_PERMISSIONS.map((p) => [p, roleFor(p, mapping)])) as Record<
    CodehostPermission,
    ProjectRole | null
  >;
}
