/** The run's optional one-line fields, as the API names them, with their labels, limits and examples. */
export const RUN_FIELDS = [
  ['repository', 'Repository', 200, 'acme/api'],
  ['branch', 'Branch', 255, 'main'],
  ['sha', 'Commit (sha)', 64, '9fceb02d0ae598e95dc970b74767f19372d61af8'],
  ['workflow', 'Workflow', 200, 'CI'],
  ['job', 'Job', 200, 'test'],
] as const;

export type RunField = (typeof RUN_FIELDS)[number][0] | 'run_url' | 'message';

export const EMPTY_RUN: Record<RunField, string> = {
  repository: '',
  branch: '',
  sha: '',
  workflow: '',
  job: '',
  run_url: '',
  message: '',
};

/**
 * The run's fields as a CI event sends them: one-line fields trimmed, the message as written, and
 * any left blank out (the server fills nothing in: an absent field is simply not recorded).
 */
export function runOf(values: Record<RunField, string>): Partial<Record<RunField, string>> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, k === 'message' ? v : v.trim()]),
  );
}
