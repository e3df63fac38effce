import type { CatalogueAction, CatalogueFamily, CatalogueVariable } from './catalogue-types.ts';

const REASON = {
  description: 'The reason the actor gave',
  example: 'Onboarding the mobile team',
  optional: true,
};

const MAPPING = {
  description:
    'The mapping: id, kind (codehost_remote, repo_root_slug or manual), external_id (what is matched), project_key (the project it resolves to), priority, enabled',
  example: {
    id: 'pmap_01JQ8ZF3N6R9T2W5K8M1X4B7CD',
    kind: 'codehost_remote',
    external_id: 'github.com/acme/api',
    project_key: 'github:acme/api',
    priority: 10,
    enabled: true,
  },
};

type AccessVerb = 'added' | 'role_changed' | 'removed';

/** The params every `access.*` entry carries (the roles present are the ones that exist before and after). */
function accessVariables(verb: AccessVerb): Record<string, CatalogueVariable> {
  return {
    source: {
      description: 'Who made the change: manual (a person), codehost, oidc (the identity provider) or system',
      example: 'manual',
    },
    target_user: {
      description: 'The user whose membership changed: "Name (e-mail)", or their id when the user is gone',
      example: 'Ana Souza (ana@example.com)',
    },
    target_user_id: {
      description: 'Id of the user whose membership changed',
      example: 'usr_01JQ8ZG5R8T1W4N7K2M6X9B3CF',
    },
    ...(verb === 'added'
      ? {}
      : { old_role: { description: 'The role before, upper-case (e.g. MEMBER)', example: 'MEMBER' } }),
    ...(verb === 'removed'
      ? {}
      : { new_role: { description: 'The role after, upper-case (e.g. ADMIN)', example: 'ADMIN' } }),
    correlation_id: {
      description: 'Groups the changes of one sync run or flow',
      example: 'cor_01JQ8ZH8T2W5N8K3M7X1B4C6DG',
      optional: true,
    },
    evidence: {
      description: 'What the change rests on (an object), e.g. { reason: "workspace_created" }',
      example: { reason: 'workspace_created' },
      optional: true,
    },
  };
}

const access = (what: string, verb: AccessVerb): CatalogueAction => ({
  description: what,
  variables: accessVariables(verb),
});

/** Workspaces, their settings and project mappings, projects, and who is a member of them. */
export const WORKSPACE_ACTIONS = {
  'workspace.created': {
    description: 'A server admin created a workspace (and became its first owner).',
    variables: {
      settings: {
        description: 'The settings given at creation (an object; settings.name is the display name)',
        example: { name: 'Acme', default_outbound_locale: 'en', supported_locales: ['en', 'de'] },
      },
    },
  },
  'workspace_settings.updated': {
    description: "A workspace admin changed the workspace's settings.",
    variables: {
      changed_fields: {
        description: 'Names of the settings changed (a list)',
        example: ['default_outbound_locale', 'supported_locales'],
      },
      changes: {
        description: 'Each changed setting: { from, to } (an object keyed by setting name)',
        example: { default_outbound_locale: { from: 'en', to: 'de' } },
      },
      reason: REASON,
    },
  },
  'project.created': {
    description: 'A project was created in the workspace.',
    variables: { name: { description: "The project's display name", example: 'API' } },
  },
  'access.workspace_member.added': access('A user was added to the workspace.', 'added'),
  'access.workspace_member.role_changed': access("A workspace member's role changed.", 'role_changed'),
  'access.workspace_member.removed': access('A user was removed from the workspace.', 'removed'),
  'access.project_member.added': access('A user was added to a project.', 'added'),
  'access.project_member.role_changed': access("A project member's role changed.", 'role_changed'),
  'access.project_member.removed': access('A user was removed from a project.', 'removed'),
  'project_mapping.created': {
    description: 'A workspace admin added a project mapping (how a repository resolves to a project).',
    variables: { mapping: MAPPING, reason: REASON },
  },
  'project_mapping.updated': {
    description: 'A workspace admin changed a project mapping.',
    variables: {
      mapping: { ...MAPPING, description: `${MAPPING.description}, as it is now` },
      changed_fields: {
        description: 'Names of the fields changed (a list)',
        example: ['priority', 'enabled'],
      },
      reason: REASON,
    },
  },
  'project_mapping.deleted': {
    description: 'A workspace admin removed a project mapping.',
    variables: { mapping: { ...MAPPING, description: `${MAPPING.description}, as it was` }, reason: REASON },
  },
} satisfies CatalogueFamily;
