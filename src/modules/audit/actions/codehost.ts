import { z } from 'zod';
import { count, defineAction, param } from './action-definition.ts';

/** What started a repository sync: an admin's request, a connection, a webhook, or the schedule. */
export const SYNC_TRIGGERS = ['manual', 'connected', 'webhook', 'schedule'] as const;

const trigger = param(z.enum(SYNC_TRIGGERS), 'What started the sync', 'manual');

/** The code host app: its installation in a workspace, and the repositories synced from it. */
export const CODEHOST_ACTIONS = {
  'codehost.installation.connected': defineAction(
    'A code host app installation was connected to the workspace.',
    {
      installation_id: param(z.number().int(), 'Id of the installation at the code host', 51234987),
      account: param(z.string(), 'The organisation or user that installed it', 'acme'),
      repository_selection: param(
        z.enum(['all', 'selected']),
        'Whether the installation reaches all repositories of the account or selected ones',
        'selected',
      ),
      replaced_installation_id: param(
        z.number().int().nullable(),
        'The installation it replaced in this workspace (null: none)',
        50123456,
      ),
    },
  ),
  'codehost.repos.synced': defineAction("The workspace's repositories were synced from the code host.", {
    added: param(count(), 'Repositories added', 3),
    updated: param(count(), 'Repositories updated', 1),
    deactivated: param(count(), 'Repositories deactivated (no longer reachable)', 0),
    total: param(count(), 'Active repositories after the sync', 42),
    projects_created: param(count(), 'Projects created for linked repositories (auto_create_project)', 3),
    trigger,
  }),
  'codehost.repos.sync_failed': defineAction(
    "A sync of the workspace's repositories failed; nothing was changed.",
    {
      error: param(z.string(), 'What went wrong', 'Code host answered 401: Bad credentials'),
      trigger,
    },
  ),
  'codehost.permissions.synced': defineAction(
    "Project members of the workspace's linked repositories were reconciled with the code host's permissions.",
    {
      added: param(count(), 'Memberships added', 4),
      changed: param(count(), 'Roles changed', 1),
      removed: param(count(), 'Memberships removed (made by an earlier sync)', 0),
      skipped_unknown: param(count(), 'Code host logins no ctxhub user has (skipped, never created)', 2),
      skipped_not_members: param(
        count(),
        'Logins of ctxhub users who are not workspace members (skipped)',
        0,
      ),
      kept_manual: param(count(), 'Memberships a person made, left as they are', 1),
      repositories: param(count(), 'Linked repositories with a project that were read', 12),
      trigger,
    },
  ),
  'codehost.installation.removed': defineAction(
    "The code host app was uninstalled from the workspace's account; its repositories are no longer linked.",
    {
      installation_id: param(z.number().int(), 'Id of the installation at the code host', 51234987),
      account: param(z.string(), 'The organisation or user it was installed on', 'acme'),
      deactivated: param(count(), 'Repository links deactivated', 42),
    },
  ),
  'codehost.installation.suspended': defineAction(
    "The code host suspended the app on the workspace's account: syncs wait until it is unsuspended.",
    {
      installation_id: param(z.number().int(), 'Id of the installation at the code host', 51234987),
      account: param(z.string(), 'The organisation or user it is installed on', 'acme'),
    },
  ),
  'codehost.installation.unsuspended': defineAction(
    "The code host unsuspended the app on the workspace's account: syncs run again.",
    {
      installation_id: param(z.number().int(), 'Id of the installation at the code host', 51234987),
      account: param(z.string(), 'The organisation or user it is installed on', 'acme'),
    },
  ),
  'codehost.role_mapping.updated': defineAction(
    "A workspace admin changed how the code host's permissions map to project roles.",
    {
      mapping: param(
        z.record(z.string(), z.enum(['maintainer', 'writer', 'reader']).nullable()),
        'The whole mapping now: permission (admin, maintain, write, triage, read) to project role, or null for none',
        { admin: 'maintainer', maintain: 'maintainer', write: 'writer', triage: 'reader', read: null },
      ),
    },
  ),
};
