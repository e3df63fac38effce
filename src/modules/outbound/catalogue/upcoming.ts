import type { CatalogueFamily } from './catalogue-types.ts';

const ciVariables = (status: string) => ({
  status: { description: 'The result: success or failure', example: status },
  repository: { description: 'The repository, owner/name', example: 'acme/api', optional: true },
  branch: { description: 'The branch built', example: 'main', optional: true },
  sha: { description: 'The commit built (short or full)', example: '4f9c2e1', optional: true },
  workflow: { description: 'The workflow name', example: 'CI', optional: true },
  job: { description: 'The job name', example: 'test', optional: true },
  run_url: {
    description: 'Address of the run',
    example: 'https://github.com/acme/api/actions/runs/8412337561',
    optional: true,
  },
  message: {
    description: 'A short summary (for a failure, what failed)',
    example: status === 'success' ? 'All checks passed' : '2 tests failed in retry.test.ts',
    optional: true,
  },
});

const activeWorkVariables = {
  item_id: { description: 'Id of the active-work memory', example: 'mem_01JQ8ZQ6N9R3T6W9K2M5X8B1CM' },
  title: { description: 'Its title (the first line of its text)', example: 'Migrate billing to the new API' },
  reason: { description: 'The reason the actor gave', example: 'Shipped in 2.4.0', optional: true },
};

/** Actions that features not yet built will write (CI results, active work, the code host). */
export const UPCOMING_ACTIONS = {
  'ci.success': { description: 'A CI run succeeded.', variables: ciVariables('success') },
  'ci.failure': { description: 'A CI run failed.', variables: ciVariables('failure') },
  'active_work.manual_confirm': {
    description: 'Someone confirmed an active-work item by hand.',
    variables: activeWorkVariables,
  },
  'active_work.manual_close': {
    description: 'Someone closed an active-work item by hand.',
    variables: activeWorkVariables,
  },
  'active_work.manual_reopen': {
    description: 'Someone reopened a closed active-work item by hand.',
    variables: activeWorkVariables,
  },
  'codehost.installation.connected': {
    description: 'A code host app installation was connected to the workspace.',
    variables: {
      installation_id: { description: 'Id of the installation at the code host', example: 51234987 },
      account: { description: 'The organisation or user that installed it', example: 'acme' },
    },
  },
  'codehost.repos.synced': {
    description: "The workspace's repositories were synced from the code host.",
    variables: {
      added: { description: 'Repositories added', example: 3 },
      updated: { description: 'Repositories updated', example: 1 },
      deactivated: { description: 'Repositories deactivated (no longer reachable)', example: 0 },
      total: { description: 'Active repositories after the sync', example: 42 },
    },
  },
} satisfies CatalogueFamily;
