import type { CodehostPermission, CodehostRoleMapping } from '../../api/types.ts';

type Role = CodehostRoleMapping[CodehostPermission];

/** The code host's repository permissions, strongest first (the order the server maps them in). */
export const PERMISSIONS: readonly CodehostPermission[] = ['admin', 'maintain', 'write', 'triage', 'read'];

/** The choices of each permission's select: a project role, or none ('' stands for null). */
export const ROLE_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'maintainer', label: 'maintainer' },
  { value: 'writer', label: 'writer' },
  { value: 'reader', label: 'reader' },
  { value: '', label: 'no role' },
];

/** A select's value as the role the API takes ('' is no role, anything unknown too). */
export function roleOfChoice(value: string): Role {
  return value === 'maintainer' || value === 'writer' || value === 'reader' ? value : null;
}

/** A role in words: the role, or "no role". */
export const roleWords = (role: Role): string => role ?? 'no role';

/** Whether two mappings give every permission the same role. */
export const sameMapping = (a: CodehostRoleMapping, b: CodehostRoleMapping): boolean =>
  PERMISSIONS.every((p) => a[p] === b[p]);

/** "admin", "admin and maintain", "write, triage and read". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * A mapping in one sentence, the permissions grouped by the role they give (strongest role first,
 * no role last): "admin and maintain give maintainer; write, triage and read give reader".
 */
export function mappingSentence(mapping: CodehostRoleMapping): string {
  const order: Role[] = ['maintainer', 'writer', 'reader', null];
  return order
    .flatMap((role) => {
      const perms = PERMISSIONS.filter((p) => mapping[p] === role);
      if (perms.length === 0) return [];
      return [`${listed(perms)} ${perms.length === 1 ? 'gives' : 'give'} ${roleWords(role)}`];
    })
    .join('; ');
}
