import { describe, expect, it } from 'vitest';
import { hostKind, parseRemote, remoteIdentity, remoteProjectKey } from './repo-remote.ts';

describe('parseRemote', () => {
  // [input, host, segments, project key]
  const accepted: Array<[string, string, string[], string | null]> = [
    ['git@github.com:Acme/API.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['deploy@github.com:acme/api', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['github.com:acme/api', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['https://github.com/acme/api.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['https://github.com/acme/api', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['https://github.com/acme/api/', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['https://github.com/acme/api.git/', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['HTTPS://WWW.GitHub.com/Acme/Api.GIT', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['  https://github.com/acme/api  ', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['https://user:tok@github.com/acme/api.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['http://user:tok@github.com:8443/acme/api.git/', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['ssh://git@github.com:22/acme/api.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['git://github.com/acme/api', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['git+ssh://git@github.com/acme/api.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['ssh+git://git@github.com/acme/api.git', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    ['github.com/acme/api', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    [
      'https://gitlab.com/group/sub/repo.git',
      'gitlab.com',
      ['group', 'sub', 'repo'],
      'gitlab:group/sub/repo',
    ],
    ['git@gitlab.com:group/sub/repo.git', 'gitlab.com', ['group', 'sub', 'repo'], 'gitlab:group/sub/repo'],
    ['https://bitbucket.org/team/app', 'bitbucket.org', ['team', 'app'], 'bitbucket:team/app'],
    ['git@github.acme.io:acme/api.git', 'github.acme.io', ['acme', 'api'], 'github-acme-io:acme/api'],
    // Browser URLs: the repository, not the page.
    ['https://github.com/acme/api/tree/main/src', 'github.com', ['acme', 'api'], 'codehost:acme/api'],
    [
      'https://gitlab.com/group/sub/repo/-/merge_requests/7',
      'gitlab.com',
      ['group', 'sub', 'repo'],
      'gitlab:group/sub/repo',
    ],
    ['https://git.acme.io/acme/api', 'git.acme.io', ['acme', 'api'], 'git-acme-io:acme/api'],
    ['https://git.acme.io/a.b/c_d-e', 'git.acme.io', ['a.b', 'c_d-e'], 'git-acme-io:a.b/c_d-e'],
    // A host no project key can name still parses (an IP address): no derived key.
    ['https://10.0.0.7/acme/api', '10.0.0.7', ['acme', 'api'], null],
  ];

  it.each(accepted)('%s', (input, host, segments, key) => {
    const remote = parseRemote(input);
    expect(remote).toEqual({ host, segments });
    expect(remoteIdentity(remote!)).toBe(`${host}/${segments.join('/')}`);
    expect(remoteProjectKey(remote!)).toBe(key);
  });

  const rejected = [
    '',
    '   ',
    'not a url',
    'https://github.com/acme',
    'github.com/acme',
    'git@github.com:acme',
    'https://github.com/',
    'git@github.com:acme/../api',
    'github.com/acme/../api',
    'git@github.com:./api',
    'https://github.com/../api',
    'https://github.com/acme//api',
    'https://github.com/acme/my api',
    'git@github.com:acme/my api.git',
    'file:///tmp/x',
    'ftp://github.com/acme/api',
    // 501 characters, though every segment is fine (the 500-character one is accepted below).
    `https://github.com/${'ab/'.repeat(160)}cd`,
    `https://github.com/acme/${'a'.repeat(101)}`,
    'git@gith_ub.com:acme/api',
    'https://gith_ub.com/acme/api',
    'https://exa mple.com/acme/api',
    'git@-github.com:acme/api',
    'https://[::1]/acme/api',
    'git@github.com:acme/api\u0000',
  ];

  it.each(rejected.map((s) => [s]))('rejects %j', (input) => {
    expect(parseRemote(input)).toBeNull();
  });

  it('accepts up to 500 characters', () => {
    const input = `https://gitlab.com/${'ab/'.repeat(160)}c`;
    expect(input.length).toBe(500);
    expect(parseRemote(input)?.segments).toHaveLength(161);
  });

  // A malformed percent escape once threw URIError instead of answering null.
  it.each([['https://github.com/acme/%ZZ'], ['https://github.com/acme/api%']])(
    'rejects a malformed percent escape %j without throwing',
    (input) => {
      expect(parseRemote(input)).toBeNull();
    },
  );
});

describe('hostKind', () => {
  it.each([
    ['github.com', 'codehost'],
    ['github.acme.io', 'github-acme-io'],
    ['gitlab.com', 'gitlab'],
    ['bitbucket.org', 'bitbucket'],
    ['git.acme.io', 'git-acme-io'],
    ['gitlab.acme.io', 'gitlab-acme-io'],
    ['10.0.0.7', null],
    [`${'a'.repeat(30)}.io`, null],
  ])('%s -> %s', (host, kind) => {
    expect(hostKind(host)).toBe(kind);
  });
});
