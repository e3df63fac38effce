import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGitContext, withoutCredentials } from './git-context.ts';

/** Real git repositories in a temporary directory, which git never looks above. */
let base: string;
const ceiling = process.env.GIT_CEILING_DIRECTORIES;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'ctxhub-git-')));
  process.env.GIT_CEILING_DIRECTORIES = base;
});
afterAll(() => {
  if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
  else process.env.GIT_CEILING_DIRECTORIES = ceiling;
  rmSync(base, { recursive: true, force: true });
});

/** A new repository folder `name` (git init), with `origin` when given. */
function repository(name: string, origin?: string): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '--quiet'], { cwd: dir });
  if (origin) execFileSync('git', ['remote', 'add', 'origin', origin], { cwd: dir });
  return dir;
}

describe('readGitContext', () => {
  it('answers null outside a repository', async () => {
    const plain = join(base, 'not-a-repo');
    mkdirSync(plain);
    expect(await readGitContext(plain)).toBeNull();
    expect(await readGitContext(join(base, 'does-not-exist'))).toBeNull();
  });

  it('gives the root folder name and no remote or path at the root of a repository without origin', async () => {
    expect(await readGitContext(repository('plain-repo'))).toEqual({ rootSlug: 'plain-repo' });
  });

  it('gives the path of a subdirectory relative to the root, without a trailing slash', async () => {
    const root = repository('mono', 'git@github.com:acme/mono.git');
    const deep = join(root, 'apps', 'web', 'src');
    mkdirSync(deep, { recursive: true });
    expect(await readGitContext(deep)).toEqual({
      remote: 'git@github.com:acme/mono.git',
      rootSlug: 'mono',
      relativePath: 'apps/web/src',
    });
    expect(await readGitContext(join(root, 'apps'))).toMatchObject({ relativePath: 'apps' });
  });

  it('drops the user and token of an https origin, and keeps an ssh one as it is', async () => {
    const https = repository('with-token', 'https://x-access-token:ghp_secret123@github.com/acme/api.git');
    const context = await readGitContext(https);
    expect(context).toEqual({ remote: 'https://github.com/acme/api.git', rootSlug: 'with-token' });
    expect(JSON.stringify(context)).not.toContain('ghp_secret123');
    const ssh = repository('over-ssh', 'ssh://git@github.com:22/acme/api.git');
    expect(await readGitContext(ssh)).toMatchObject({ remote: 'ssh://git@github.com:22/acme/api.git' });
  });
});

describe('withoutCredentials', () => {
  it('drops the user and password of http(s) remotes, and only the password of other URL remotes', () => {
    expect(withoutCredentials('https://user:pass@gitlab.example.com/group/repo.git')).toBe(
      'https://gitlab.example.com/group/repo.git',
    );
    expect(withoutCredentials('HTTP://token@git.example.com/a/b')).toBe('http://git.example.com/a/b');
    expect(withoutCredentials('https://github.com/acme/api')).toBe('https://github.com/acme/api');
    expect(withoutCredentials('git@github.com:acme/api.git')).toBe('git@github.com:acme/api.git');
    expect(withoutCredentials('ssh://git@github.com/acme/api.git')).toBe('ssh://git@github.com/acme/api.git');
    expect(withoutCredentials('/srv/git/api.git')).toBe('/srv/git/api.git');
    expect(withoutCredentials('ssh://git:s3cret@git.example.com/acme/api.git')).toBe(
      'ssh://git@git.example.com/acme/api.git',
    );
  });

  it('still drops credentials from an https remote the URL parser refuses', () => {
    expect(withoutCredentials('https://tok:en@bad host/acme/api')).toBe('https://bad host/acme/api');
  });
});
