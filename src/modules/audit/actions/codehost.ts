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
};
