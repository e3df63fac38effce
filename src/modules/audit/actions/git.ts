import { z } from 'zod';
import { defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

/**
 * A commit or merge a repository's git hook reported (`POST /v1/git-events`), audited when the
 * workspace's tracker or wiki integration has `write_on_commit` / `write_on_merge` on.
 */
const gitParams = (kind: 'commit' | 'merge') => ({
  workspace_key: WORKSPACE_KEY,
  project_key: PROJECT_KEY,
  git_event_id: param(z.string(), 'Id of the git event recorded', 'gev_01JQ8ZQ6N9R3T6W9K2M5X8B1CM'),
  sha: param(z.string(), `The ${kind} (full or short hash)`, '9fceb02d0ae598e95dc970b74767f19372d61af8'),
  branch: param(
    z.string(),
    kind === 'commit' ? 'The branch committed on' : 'The branch merged into',
    kind === 'commit' ? 'feature/BILL-142-invoice-archive' : 'main',
  ),
  subject: param(
    z.string().optional(),
    'The first line of its message, secrets masked',
    kind === 'commit' ? 'BILL-142 move invoices to the archive bucket' : "Merge branch 'feature/BILL-142'",
  ),
  issue_keys: param(z.array(z.string()), 'Issue keys it names', ['BILL-142']),
});

export const GIT_ACTIONS = {
  'git.commit': defineAction("A commit was made in a project's repository.", gitParams('commit')),
  'git.merge': defineAction("A merge was made in a project's repository.", gitParams('merge')),
};
