import { z } from 'zod';
import { defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

const reason = () => param(z.string().nullable(), 'The reason the actor gave', 'Onboarding the mobile team');

const MAPPING_FIELDS =
  'The mapping: id, kind (codehost_remote, repo_root_slug or manual), external_id (what is matched), project_key (the project it resolves to), priority, enabled';
const mapping = (description: string) =>
  param(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      external_id: z.string(),
      project_key: z.string(),
      priority: z.number().int(),
      enabled: z.boolean(),
    }),
    description,
    {
      id: 'pmap_01JQ8ZF3N6R9T2W5K8M1X4B7CD',
      kind: 'codehost_remote',
      external_id: 'github.com/acme/api',
      project_key: 'github:acme/api',
      priority: 10,
      enabled: true,
    },
  );

/** Workspaces, their settings, and projects. */
export const WORKSPACE_ACTIONS = {
  'workspace.created': defineAction('A server admin created a workspace (and became its first owner).', {
    workspace_key: WORKSPACE_KEY,
    settings: param(
      z.record(z.string(), z.json()),
      'The settings given at creation (an object; settings.name is the display name)',
      { name: 'Acme', default_outbound_locale: 'en', supported_locales: ['en', 'de'] },
    ),
  }),
  'workspace_settings.updated': defineAction("A workspace admin changed the workspace's settings.", {
    workspace_key: WORKSPACE_KEY,
    changed_fields: param(z.array(z.string()), 'Names of the settings changed (a list)', [
      'default_outbound_locale',
      'supported_locales',
    ]),
    changes: param(
      z.record(z.string(), z.strictObject({ from: z.unknown(), to: z.unknown() })),
      'Each changed setting: { from, to } (an object keyed by setting name)',
      { default_outbound_locale: { from: 'en', to: 'de' } },
    ),
    reason: reason(),
  }),
  'project.created': defineAction('A project was created in the workspace.', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    name: param(z.string(), "The project's display name", 'API'),
  }),
};

/** How repositories resolve to projects: a workspace's project mappings. */
export const PROJECT_MAPPING_ACTIONS = {
  'project_mapping.created': defineAction(
    'A workspace admin added a project mapping (how a repository resolves to a project).',
    { workspace_key: WORKSPACE_KEY, mapping: mapping(MAPPING_FIELDS), reason: reason() },
  ),
  'project_mapping.updated': defineAction('A workspace admin changed a project mapping.', {
    workspace_key: WORKSPACE_KEY,
    mapping: mapping(`${MAPPING_FIELDS}, as it is now`),
    changed_fields: param(z.array(z.string()), 'Names of the fields changed (a list)', [
      'priority',
      'enabled',
    ]),
    reason: reason(),
  }),
  'project_mapping.deleted': defineAction('A workspace admin removed a project mapping.', {
    workspace_key: WORKSPACE_KEY,
    mapping: mapping(`${MAPPING_FIELDS}, as it was`),
    reason: reason(),
  }),
};
