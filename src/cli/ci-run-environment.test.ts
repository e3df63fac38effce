import { describe, expect, it } from 'vitest';
import { ciRunFromEnvironment, repositoryOfRemote, type Git } from './ci-run-environment.ts';

const git =
  (answers: Record<string, string>): Git =>
  (args) =>
    answers[args.join(' ')];
const noGit: Git = () => undefined;

describe('the CI run from the environment', () => {
  it("reads GitHub Actions' variables, a pull request's head branch first", () => {
    const env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_SERVER_URL: 'https://github.example.com',
      GITHUB_REPOSITORY: 'acme/api',
      GITHUB_REF_NAME: '17/merge',
      GITHUB_HEAD_REF: 'fix-dates',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      GITHUB_WORKFLOW: 'CI',
      GITHUB_JOB: 'test',
      GITHUB_RUN_ID: '987',
    };
    expect(ciRunFromEnvironment(env, noGit)).toEqual({
      repository: 'acme/api',
      branch: 'fix-dates',
      sha: '0123456789abcdef0123456789abcdef01234567',
      workflow: 'CI',
      job: 'test',
      run_url: 'https://github.example.com/acme/api/actions/runs/987',
    });
    expect(ciRunFromEnvironment({ ...env, GITHUB_HEAD_REF: '' }, noGit).branch).toBe('17/merge');
  });

  it("reads GitLab CI's variables", () => {
    const env = {
      GITLAB_CI: 'true',
      CI_PROJECT_PATH: 'acme/group/api',
      CI_COMMIT_REF_NAME: 'main',
      CI_COMMIT_SHA: 'abcdef0123456789abcdef0123456789abcdef01',
      CI_PIPELINE_ID: '55',
      CI_JOB_NAME: 'unit',
      CI_JOB_URL: 'https://gitlab.example.com/acme/group/api/-/jobs/9',
    };
    expect(ciRunFromEnvironment(env, noGit)).toEqual({
      repository: 'acme/group/api',
      branch: 'main',
      sha: 'abcdef0123456789abcdef0123456789abcdef01',
      workflow: 'pipeline 55',
      job: 'unit',
      run_url: 'https://gitlab.example.com/acme/group/api/-/jobs/9',
    });
  });

  it('falls back to git for what no CI variable gives, and keeps what the CI gave', () => {
    const local = git({
      'remote get-url origin': 'git@github.com:acme/web.git',
      'branch --show-current': 'feature/x',
      'rev-parse HEAD': 'fedcba9876543210fedcba9876543210fedcba98',
    });
    expect(ciRunFromEnvironment({}, local)).toEqual({
      repository: 'acme/web',
      branch: 'feature/x',
      sha: 'fedcba9876543210fedcba9876543210fedcba98',
    });
    expect(ciRunFromEnvironment({ GITHUB_ACTIONS: 'true', GITHUB_SHA: 'abc1234' }, local)).toMatchObject({
      repository: 'acme/web',
      sha: 'abc1234',
    });
    expect(ciRunFromEnvironment({}, noGit)).toEqual({});
  });

  it('names the repository of the usual remote forms', () => {
    expect(repositoryOfRemote('git@github.com:acme/api.git')).toBe('acme/api');
    expect(repositoryOfRemote('https://github.com/acme/api')).toBe('acme/api');
    expect(repositoryOfRemote('https://token@gitlab.example.com/acme/group/api.git')).toBe('acme/group/api');
    expect(repositoryOfRemote('ssh://git@host:2222/acme/api.git/')).toBe('acme/api');
    expect(repositoryOfRemote('not a remote')).toBeUndefined();
  });
});
