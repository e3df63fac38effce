import { z } from 'zod';
import { reason, workspaceKey } from '../../platform/http/fields.ts';
import {
  mappingId,
  projectMappingAnswer,
  projectMappingFields,
  RESOLUTION_SOURCES,
} from '../workspaces/index.ts';
import { mappingChangeFields } from './mapping-schemas.ts';
import type { ProjectRow, ProjectMapping } from '../tenancy/index.ts';

export const resolveProjectBody = z
  .strictObject({
    workspace_key: workspaceKey,
    codehost_remote: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('The git remote URL (origin), in any usual form'),
    repo_root_slug: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(
        "The repository root folder's name: a repo_root_slug mapping names its project, else `<prefix>/<folder>` for each of the workspace's key_prefixes, or `local:repo/<folder>` (lower-cased) where it has none",
      ),
    relative_path: z
      .string()
      .max(1000)
      .optional()
      .describe('The working directory relative to the repository root (monorepo sub-projects)'),
    manual_project_key: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe(
        'A project key, or the name of a manual mapping: it must name an existing project you can see (404 otherwise, whatever the other clues say), and is never created',
      ),
  })
  .refine(
    (b) =>
      b.codehost_remote !== undefined || b.repo_root_slug !== undefined || b.manual_project_key !== undefined,
    {
      message: 'give at least one of codehost_remote, repo_root_slug, manual_project_key',
      path: ['codehost_remote'],
    },
  );

export const resolutionAnswer = z.object({
  workspace_key: z.string(),
  project: z.object({ key: z.string(), name: z.string() }),
  resolved_by: z.enum(RESOLUTION_SOURCES),
  created: z.boolean().describe('The project was created by this resolution (auto_create_project)'),
  subpath: z.string().nullable().describe('The monorepo sub-path the client is in, if any'),
  auto_switch_repo: z.boolean(),
  auto_switch_subproject: z.boolean(),
});

/** What resolveProject finds: the answer, with the project's row where the answer shows its key and name. */
export type Resolution = Omit<z.output<typeof resolutionAnswer>, 'project'> & { project: ProjectRow };

export const presentResolution = (r: Resolution): z.output<typeof resolutionAnswer> => ({
  ...r,
  project: { key: r.project.key, name: r.project.name },
});

export const mappingsParams = z.strictObject({ key: workspaceKey });
export const mappingParams = z.strictObject({ key: workspaceKey, id: mappingId });
export const createMappingBody = z.strictObject({ ...projectMappingFields, reason: reason.optional() });
export const updateMappingBody = z.strictObject({ ...mappingChangeFields, reason: reason.optional() });
export const reasonQuery = z.strictObject({ reason: reason.optional() });
export const mappingAnswer = projectMappingAnswer;
/** Every mapping at once (at most 500 per workspace): the list shape, never a next page. */
export const mappingList = z.object({ items: z.array(projectMappingAnswer), next_cursor: z.null() });
export const presentMapping = (m: ProjectMapping): z.output<typeof mappingAnswer> => ({ ...m });
