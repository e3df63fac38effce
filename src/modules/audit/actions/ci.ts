import { z } from 'zod';
import { defineAction, param, WORKSPACE_KEY } from './action-definition.ts';

/** A CI run's result, as `POST /v1/ci-events` took it (the message with secrets masked). */
const ciParams = <S extends 'success' | 'failure'>(status: S) => ({
  workspace_key: WORKSPACE_KEY,
  status: param(z.literal(status), 'The result: success or failure', status),
  project_key: param(z.string().optional(), 'The key of the project the run belongs to', 'github:acme/api'),
  repository: param(z.string().optional(), 'The repository, owner/name', 'acme/api'),
  branch: param(z.string().optional(), 'The branch built', 'main'),
  sha: param(z.string().optional(), 'The commit built (short or full)', '4f9c2e1'),
  workflow: param(z.string().optional(), 'The workflow name', 'CI'),
  job: param(z.string().optional(), 'The job name', 'test'),
  run_url: param(
    z.string().optional(),
    'Address of the run',
    'https://github.com/acme/api/actions/runs/8412337561',
  ),
  message: param(
    z.string().optional(),
    'A short summary (for a failure, what failed)',
    status === 'success' ? 'All checks passed' : '2 tests failed in retry.test.ts',
  ),
});

/** CI results reported to ctxhub. */
export const CI_ACTIONS = {
  'ci.success': defineAction('A CI run succeeded.', ciParams('success')),
  'ci.failure': defineAction('A CI run failed.', ciParams('failure')),
};
