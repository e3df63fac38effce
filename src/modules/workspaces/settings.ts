import { z } from 'zod';
import { localeCode } from '../../platform/http/fields.ts';
import { normalizedExternalId } from './mapping-external-id.ts';
import type { ProjectMapping } from '../tenancy/index.ts';
import { MEMORY_TYPES, projectKey } from '../tenancy/index.ts';

/** The workspace settings (docs/api.md#workspace-settings), validated. */
export const RESOLUTION_SOURCES = ['codehost_remote', 'repo_root_slug', 'manual'] as const;

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** The most project mappings a workspace keeps. */
export const MAX_PROJECT_MAPPINGS = 500;

export const mappingId = z.string().regex(/^pmap_[0-9A-Z]{26}$/, 'must be a mapping id (pmap_...)');

export const projectMappingFields = {
  kind: z.enum(RESOLUTION_SOURCES),
  external_id: z
    .string()
    .min(1)
    .max(500)
    .describe('A git remote (codehost_remote), a repository folder name (repo_root_slug) or a name (manual)'),
  project_key: projectKey,
  priority: z.number().int().min(0).max(1_000_000).default(0).describe('Higher wins among matching mappings'),
  enabled: z.boolean().default(true),
};

/** `external_id` in the form it is matched in (mapping-external-id.ts), or an issue at its path. */
export function withNormalizedExternalId<T extends { kind: ProjectMapping['kind']; external_id: string }>(
  m: T,
  ctx: z.RefinementCtx,
): T {
  const normalized = normalizedExternalId(m.kind, m.external_id);
  if ('problem' in normalized) {
    ctx.addIssue({ code: 'custom', path: ['external_id'], message: normalized.problem });
    return z.NEVER;
  }
  return { ...m, external_id: normalized.id };
}

/** A mapping as answered. */
export const projectMappingAnswer = z.object({
  id: z.string(),
  kind: z.enum(RESOLUTION_SOURCES),
  external_id: z.string(),
  project_key: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
});

/** A mapping in the settings list (settings-columns.ts gives one without an id its id). */
const projectMapping = z
  .strictObject({ id: mappingId.optional(), ...projectMappingFields })
  .transform((m, ctx) => withNormalizedExternalId(m, ctx));

export const settingsShape = {
  name: z.string().trim().min(1).max(200),
  default_outbound_locale: localeCode,
  supported_locales: z.array(localeCode).min(1).max(50).refine(unique, 'entries must be unique'),
  resolution_order: z
    .array(z.enum(RESOLUTION_SOURCES))
    .min(1)
    .max(RESOLUTION_SOURCES.length)
    .refine(unique, 'entries must be unique'),
  auto_create_project: z
    .boolean()
    .describe(
      'Project resolution creates the project of an unknown repository (remote or folder), with the member as its maintainer; a manual project key is never created',
    ),
  key_prefixes: z
    .array(
      z
        .string()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9._:/#-]+$/, 'may contain letters, digits and . _ : / # -'),
    )
    .max(50)
    .refine(unique, 'entries must be unique')
    .describe(
      'Prefixes that make a repository folder a project key (`codehost:acme` + folder `api` -> `codehost:acme/api`), tried in order; empty (the default): the folder resolves to `local:repo/<folder>`',
    ),
  project_mappings: z
    .array(projectMapping)
    .max(MAX_PROJECT_MAPPINGS)
    .refine((ms) => unique(ms.flatMap((m) => (m.id ? [m.id] : []))), 'mapping ids must be unique'),
  auto_switch_repo: z.boolean(),
  auto_switch_subproject: z.boolean(),
  enable_monorepo_resolution: z.boolean(),
  monorepo_detection_level: z.number().int().min(0).max(3),
  raw_access_min_role: z
    .enum(['writer', 'maintainer'])
    .describe('Project role needed to search and view raw transcript snippets (default writer)'),
  active_work_stale_days: z
    .number()
    .int()
    .min(1)
    .max(365)
    .describe('Days without evidence after which an active Active Work item is marked stale (default 7)'),
  active_work_auto_close_days: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .nullable()
    .describe('Days without evidence after which a stale item is closed; null (the default): never'),
  model_extraction: z
    .boolean()
    .describe(
      "Import extract also asks the workspace's language model (the audit reasoner's) for memories, merged with the rules' (default false: nothing is sent)",
    ),
  review_after_days: z
    .partialRecord(z.enum(MEMORY_TYPES), z.number().int().min(1).max(3650))
    .describe(
      'Days after which a memory of a type is marked stale unless it was used in a context bundle or confirmed since, e.g. {"active_work": 14, "activity": 30}; a type left out never becomes stale (default {})',
    ),
};

/** Every setting optional: what a create or update request may give (routes and verbs both check it). */
export const settingsSchema = z.object(settingsShape).partial();

export type SettingsInput = z.output<typeof settingsSchema>;

/** Setting name (API) to column (table). */
export const SETTING_COLUMNS = {
  name: 'name',
  default_outbound_locale: 'defaultOutboundLocale',
  supported_locales: 'supportedLocales',
  resolution_order: 'resolutionOrder',
  auto_create_project: 'autoCreateProject',
  key_prefixes: 'keyPrefixes',
  project_mappings: 'projectMappings',
  auto_switch_repo: 'autoSwitchRepo',
  auto_switch_subproject: 'autoSwitchSubproject',
  enable_monorepo_resolution: 'enableMonorepoResolution',
  monorepo_detection_level: 'monorepoDetectionLevel',
  raw_access_min_role: 'rawAccessMinRole',
  active_work_stale_days: 'activeWorkStaleDays',
  active_work_auto_close_days: 'activeWorkAutoCloseDays',
  model_extraction: 'modelExtraction',
  review_after_days: 'reviewAfterDays',
} as const satisfies Record<keyof typeof settingsShape, string>;

export type SettingName = keyof typeof SETTING_COLUMNS;
export const SETTING_NAMES = Object.keys(SETTING_COLUMNS) as SettingName[];
