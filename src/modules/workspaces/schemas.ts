import { z } from 'zod';
import { iso, reason, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import {
  projectMappingAnswer,
  RESOLUTION_SOURCES,
  SETTING_COLUMNS,
  SETTING_NAMES,
  settingsSchema,
  settingsShape,
} from './settings.ts';
import { WORKSPACE_ROLES } from '../access/index.ts';
import type { WorkspaceRole, WorkspaceRow } from '../tenancy/index.ts';

const settingsPartial = settingsSchema.shape;

export const createWorkspaceBody = z.strictObject({ workspace_key: workspaceKey, ...settingsPartial });
export const updateWorkspaceBody = z.strictObject({ ...settingsPartial, reason: reason.optional() });
export const workspaceParams = z.strictObject({ key: workspaceKey });
export const listQuery = z.strictObject(pageQuery);

export const workspaceAnswer = z.object({
  workspace_key: z.string(),
  name: z.string(),
  default_outbound_locale: z.string(),
  supported_locales: z.array(z.string()),
  resolution_order: z.array(z.enum(RESOLUTION_SOURCES)),
  auto_create_project: settingsShape.auto_create_project,
  key_prefixes: z.array(z.string()).describe(settingsShape.key_prefixes.description ?? ''),
  project_mappings: z.array(projectMappingAnswer),
  auto_switch_repo: z.boolean(),
  auto_switch_subproject: z.boolean(),
  enable_monorepo_resolution: z.boolean(),
  monorepo_detection_level: z.number().int(),
  raw_access_min_role: z.enum(['writer', 'maintainer']),
  active_work_stale_days: z.number().int(),
  active_work_auto_close_days: z.number().int().nullable(),
  model_extraction: z.boolean(),
  review_after_days: z.record(z.string(), z.number().int()),
  role: z
    .enum(WORKSPACE_ROLES)
    .nullable()
    .describe("The caller's membership role (null for a server admin who is not a member)"),
  created_at: timestamp,
  updated_at: timestamp,
});
export const workspaceList = listAnswer(workspaceAnswer);

export function presentWorkspace(
  w: WorkspaceRow,
  role: WorkspaceRole | null,
): z.output<typeof workspaceAnswer> {
  const settings = Object.fromEntries(SETTING_NAMES.map((name) => [name, w[SETTING_COLUMNS[name]]]));
  return {
    workspace_key: w.key,
    ...(settings as Omit<
      z.output<typeof workspaceAnswer>,
      'workspace_key' | 'role' | 'created_at' | 'updated_at'
    >),
    role,
    created_at: iso(w.createdAt),
    updated_at: iso(w.updatedAt),
  };
}
