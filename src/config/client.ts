import { ConfigError } from './config-error.ts';

/**
 * The environment of CLI commands that talk to a running ctxhub server over HTTP (`ctxhub import`,
 * `ctxhub mcp`, `ctxhub context`):
 *
 * - `SERVICE_URL`: the server's base address, `http://` or `https://` (e.g. `http://127.0.0.1:8080`).
 * - `SERVICE_API_KEY`: the caller's API key (`POST /v1/api-keys`, or a one-time link).
 * - `SERVICE_WORKSPACE_KEY`, `SERVICE_PROJECT_KEY`: where the command works (flags may override).
 *
 * These commands never open the server's data directory (docs/design.md#pglite-rules). The
 * checks are written out rather than a zod schema: these commands start at every assistant session
 * and loading zod alone costs them more than 100 ms.
 */
export interface ClientConfig {
  /** Base address without a trailing slash. */
  serviceUrl: string;
  apiKey: string;
  /** SERVICE_WORKSPACE_KEY: the workspace to start in. */
  workspaceKey: string | undefined;
  /** SERVICE_PROJECT_KEY: a project key or manual mapping name, resolved like the other clues. */
  projectKey: string | undefined;
}

type Check = (value: string) => string | null;

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

const matches =
  (re: RegExp, problem: string): Check =>
  (value) =>
    re.test(value) ? null : problem;

/** Each variable: the message when it is missing (undefined: optional) and its check. */
const VARIABLES = {
  SERVICE_URL: {
    missing: 'is required: the address of the ctxhub server, e.g. http://127.0.0.1:8080',
    check: (value: string) =>
      isHttpUrl(value) ? null : 'must be an http(s) URL, e.g. http://127.0.0.1:8080',
  },
  SERVICE_API_KEY: {
    missing: 'is required: your ctxhub API key (POST /v1/api-keys, or a one-time link)',
    check: matches(/^\S+$/, 'must be an API key without spaces'),
  },
  SERVICE_WORKSPACE_KEY: {
    missing: undefined,
    check: matches(/^\S{1,63}$/, 'must be a workspace key without spaces'),
  },
  SERVICE_PROJECT_KEY: {
    missing: undefined,
    check: matches(/^\S{1,300}$/, 'must be a project key without spaces'),
  },
} satisfies Record<string, { missing: string | undefined; check: Check }>;

/** The client environment (blank counts as unset); throws ConfigError naming every problem at once. */
export function clientEnv(source: Record<string, string | undefined> = process.env): ClientConfig {
  const problems: string[] = [];
  const read = (name: keyof typeof VARIABLES): string | undefined => {
    const value = source[name];
    const { missing, check } = VARIABLES[name];
    if (value === undefined || value.trim() === '') {
      if (missing) problems.push(`${name}: ${missing}`);
      return undefined;
    }
    const problem = check(value);
    if (problem) problems.push(`${name}: ${problem}`);
    return value;
  };
  const config = {
    serviceUrl: (read('SERVICE_URL') ?? '').replace(/\/+$/, ''),
    apiKey: read('SERVICE_API_KEY') ?? '',
    workspaceKey: read('SERVICE_WORKSPACE_KEY'),
    projectKey: read('SERVICE_PROJECT_KEY'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The variables of GitHub Actions and GitLab CI that describe a run (`ctxhub ci-event`). */
const CI_VARIABLES = [
  'GITHUB_ACTIONS',
  'GITHUB_SERVER_URL',
  'GITHUB_REPOSITORY',
  'GITHUB_HEAD_REF',
  'GITHUB_REF_NAME',
  'GITHUB_SHA',
  'GITHUB_WORKFLOW',
  'GITHUB_JOB',
  'GITHUB_RUN_ID',
  'GITLAB_CI',
  'CI_PROJECT_PATH',
  'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME',
  'CI_COMMIT_REF_NAME',
  'CI_COMMIT_SHA',
  'CI_PIPELINE_NAME',
  'CI_PIPELINE_ID',
  'CI_JOB_NAME',
  'CI_JOB_URL',
  'CI_PIPELINE_URL',
] as const;

export type CiVariables = Partial<Record<(typeof CI_VARIABLES)[number], string>>;

/** The CI run's own variables, as the CI set them (unset ones left out). */
export function ciVariables(source: Record<string, string | undefined> = process.env): CiVariables {
  return Object.fromEntries(
    CI_VARIABLES.flatMap((name) => (source[name] === undefined ? [] : [[name, source[name]]])),
  ) as CiVariables;
}
