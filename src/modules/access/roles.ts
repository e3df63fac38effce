import { forbidden } from '../../platform/http/errors.ts';
import type { WorkspaceRole, ProjectRole } from '../tenancy/index.ts';
import { missing } from '../../platform/missing.ts';

export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const satisfies readonly WorkspaceRole[];
export const PROJECT_ROLES = ['maintainer', 'writer', 'reader'] as const satisfies readonly ProjectRole[];

const WORKSPACE_RANK: Record<WorkspaceRole, number> = { member: 1, admin: 2, owner: 3 };
const PROJECT_RANK: Record<ProjectRole, number> = { reader: 1, writer: 2, maintainer: 3 };

export const workspaceRank = (role: WorkspaceRole) => WORKSPACE_RANK[role];
export const projectRank = (role: ProjectRole) => PROJECT_RANK[role];

/**
 * The ceiling rule for every membership change: the actor may only touch a membership whose old
 * and new roles are both at most their own (nobody grants, or takes away, a role above theirs).
 */
export function assertWithinCeiling(
  actorRank: number,
  oldRank: number | null,
  newRank: number | null,
  describe: (rank: number) => string,
): void {
  for (const rank of [oldRank, newRank]) {
    if (rank !== null && rank > actorRank) {
      throw forbidden(`Your role cannot grant or change the ${describe(rank)} role`);
    }
  }
}

export const workspaceRoleOfRank = (rank: number) =>
  WORKSPACE_ROLES.find((r) => WORKSPACE_RANK[r] === rank) ?? missing(`the workspace role of rank ${rank}`);
export const projectRoleOfRank = (rank: number) =>
  PROJECT_ROLES.find((r) => PROJECT_RANK[r] === rank) ?? missing(`the project role of rank ${rank}`);
