import { z } from 'zod';
import { iso, timestamp, userId, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import { exactlyOneUserRef, userRefShape } from '../workspaces/index.ts';
import { projectKey } from '../tenancy/index.ts';
import type { ProjectRole, ProjectRow } from '../tenancy/index.ts';
import { PROJECT_ROLES } from '../access/index.ts';

export const createProjectBody = z.strictObject({
  key: projectKey,
  name: z.string().trim().min(1).max(200).optional(),
});
export const workspaceProjectsParams = z.strictObject({ key: workspaceKey });
export const listProjectsQuery = z.strictObject(pageQuery);
export const projectParams = z.strictObject({ key: projectKey });
export const inWorkspaceQuery = z.strictObject({ workspace_key: workspaceKey });
export const listProjectMembersQuery = z.strictObject({ workspace_key: workspaceKey, ...pageQuery });
export const projectMemberParams = z.strictObject({ key: projectKey, userId });
export const addProjectMemberBody = exactlyOneUserRef(
  z.strictObject({
    workspace_key: workspaceKey.optional().describe('Alternative to the workspace_key query parameter'),
    ...userRefShape,
    role: z.enum(PROJECT_ROLES),
  }),
);
export const optionalWorkspaceQuery = z.strictObject({ workspace_key: workspaceKey.optional() });
export const changeProjectMemberBody = z.strictObject({
  workspace_key: workspaceKey.optional().describe('Alternative to the workspace_key query parameter'),
  role: z.enum(PROJECT_ROLES),
});

export const projectAnswer = z.object({
  key: z.string(),
  name: z.string(),
  workspace_key: z.string(),
  role: z.enum(PROJECT_ROLES).describe("The caller's effective role on the project"),
  created_at: timestamp,
});
export const projectList = listAnswer(projectAnswer);

export const presentProject = (
  p: ProjectRow,
  workspaceKey: string,
  role: ProjectRole,
): z.output<typeof projectAnswer> => ({
  key: p.key,
  name: p.name,
  workspace_key: workspaceKey,
  role,
  created_at: iso(p.createdAt),
});
