import type { SyncedMembershipChange } from '../projects/index.ts';
import type { ProjectRole } from '../tenancy/index.ts';
import type { Collaborator } from './fetch-collaborators.ts';
import { roleFor } from './role-mapping.ts';

const RANK: Record<ProjectRole, number> = { reader: 1, writer: 2, maintainer: 3 };

/** A linked repository with its project and who the code host says may access it. */
export interface RepoAccess {
  fullName: string;
  project: { id: string; key: string };
  collaborators: Collaborator[];
}

/** A project membership as stored. */
export interface CurrentMembership {
  projectId: string;
  userId: string;
  role: ProjectRole;
  source: string;
}

export interface PermissionPlan {
  adds: SyncedMembershipChange[];
  changes: SyncedMembershipChange[];
  removes: SyncedMembershipChange[];
  /** Logins no ctxhub user has (by stored login or verified e-mail): skipped, never created. */
  unknownLogins: string[];
  /** Logins of ctxhub users who are not members of the workspace: skipped. */
  notMembers: string[];
  /** Memberships a person made that the code host's access would change or remove: left as they are. */
  keptManual: number;
}

const key = (projectId: string, userId: string) => `${projectId}\0${userId}`;

/**
 * What a permission sync changes: for each linked repository's project, the role each collaborator
 * known to ctxhub (and a member of the workspace) should hold, the strongest where several
 * permissions lead to one project; then, against the memberships stored, additions, role changes
 * and removals of memberships the sync made. A membership a person made is never changed.
 */
export function planPermissions(input: {
  repos: readonly RepoAccess[];
  userOfLogin: ReadonlyMap<string, string>;
  workspaceMembers: ReadonlySet<string>;
  current: readonly CurrentMembership[];
  mapping: Partial<Record<string, string | null>> | null;
}): PermissionPlan {
  const unknown = new Set<string>();
  const notMembers = new Set<string>();
  const wanted = new Map<
    string,
    { project: RepoAccess['project']; userId: string; role: ProjectRole; evidence: Record<string, string> }
  >();
  for (const repo of input.repos) {
    for (const person of repo.collaborators) {
      const userId = input.userOfLogin.get(person.login);
      if (!userId) {
        unknown.add(person.login);
        continue;
      }
      if (!input.workspaceMembers.has(userId)) {
        notMembers.add(person.login);
        continue;
      }
      const role = roleFor(person.permission, input.mapping);
      if (!role) continue;
      const k = key(repo.project.id, userId);
      const held = wanted.get(k);
      if (held && RANK[held.role] >= RANK[role]) continue;
      wanted.set(k, {
        project: repo.project,
        userId,
        role,
        evidence: {
          repo: repo.fullName,
          permission: person.permission,
          login: person.login,
          ...(person.team ? { team: person.team } : {}),
        },
      });
    }
  }
  const projectsById = new Map(input.repos.map((r) => [r.project.id, r]));
  const plan: PermissionPlan = {
    adds: [],
    changes: [],
    removes: [],
    unknownLogins: [],
    notMembers: [],
    keptManual: 0,
  };
  const stored = new Map(input.current.map((m) => [key(m.projectId, m.userId), m]));
  for (const [k, want] of wanted) {
    const membership = stored.get(k);
    if (!membership) {
      plan.adds.push({ ...want, oldRole: null, newRole: want.role });
    } else if (membership.role !== want.role) {
      if (membership.source !== 'codehost') plan.keptManual += 1;
      else plan.changes.push({ ...want, oldRole: membership.role, newRole: want.role });
    }
  }
  for (const membership of input.current) {
    const repo = projectsById.get(membership.projectId);
    if (!repo || wanted.has(key(membership.projectId, membership.userId))) continue;
    if (membership.source !== 'codehost') {
      plan.keptManual += 1;
      continue;
    }
    plan.removes.push({
      project: repo.project,
      userId: membership.userId,
      oldRole: membership.role,
      newRole: null,
      evidence: { repo: repo.fullName, reason: 'no_access_at_code_host' },
    });
  }
  plan.unknownLogins = [...unknown].sort();
  plan.notMembers = [...notMembers].sort();
  return plan;
}
