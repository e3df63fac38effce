import { describe, expect, it } from 'vitest';
import { makeRepos, type FakeCollaborator, type FakeRepo } from './codehost-fake.ts';
import { call, codehostScene, mint, type RepoPage } from './codehost.fixtures.ts';

// The code host fake's lists: installation repositories with GitHub's Link pagination, one
// repository, collaborators and users, at the sizes a large organisation reaches.

const { start } = codehostScene();

describe('codehost fake: repositories and pagination', () => {
  it('pages 250 repositories over 3 pages of 100 with GitHub’s Link headers', async () => {
    const fake = await start();
    const auth = `token ${await mint(fake, 1)}`;
    const url = (page: number) => `${fake.baseUrl}/installation/repositories?per_page=100&page=${page}`;
    const pages: RepoPage[] = [];
    const links: Array<string | null> = [];
    for (const page of [1, 2, 3]) {
      const res = await call(fake, `/installation/repositories?per_page=100&page=${page}`, auth);
      expect(res.status).toBe(200);
      links.push(res.headers.get('link'));
      pages.push((await res.json()) as RepoPage);
    }
    expect(links).toEqual([
      `<${url(2)}>; rel="next", <${url(3)}>; rel="last"`,
      `<${url(1)}>; rel="prev", <${url(3)}>; rel="next", <${url(3)}>; rel="last", <${url(1)}>; rel="first"`,
      `<${url(2)}>; rel="prev", <${url(1)}>; rel="first"`,
    ]);
    expect(pages.map((p) => p.repositories.length)).toEqual([100, 100, 50]);
    expect(pages.every((p) => p.total_count === 250 && p.repository_selection === 'all')).toBe(true);
    const names = pages.flatMap((p) => p.repositories.map((r) => r.full_name));
    expect(names[0]).toBe('acme/repo-0001');
    expect(names.at(-1)).toBe('acme/repo-0250');
    expect(new Set(names).size).toBe(250);
    expect(new Set(pages.flatMap((p) => p.repositories.map((r) => r.id))).size).toBe(250);
  });

  it('defaults to 30 a page, caps per_page at perPageMax, and sends no Link for a single page', async () => {
    const fake = await start({ perPageMax: 50 });
    const auth = `token ${await mint(fake, 1)}`;
    const first = await call(fake, '/installation/repositories', auth);
    expect(((await first.json()) as RepoPage).repositories).toHaveLength(30);
    expect(first.headers.get('link')).toBe(
      `<${fake.baseUrl}/installation/repositories?page=2>; rel="next", <${fake.baseUrl}/installation/repositories?page=9>; rel="last"`,
    );
    const capped = await call(fake, '/installation/repositories?per_page=1000', auth);
    expect(((await capped.json()) as RepoPage).repositories).toHaveLength(50);
    const single = await call(fake, '/installation/repositories', `token ${await mint(fake, 2)}`);
    expect(single.headers.get('link')).toBeNull();
    expect(((await single.json()) as RepoPage).repositories.map((r) => r.full_name)).toEqual([
      'globex/secret',
    ]);
  });

  it('answers a repository in GitHub’s shape, case-insensitively', async () => {
    const fake = await start();
    const site: FakeRepo = {
      full_name: 'acme/Site',
      id: 77,
      private: false,
      default_branch: 'trunk',
      archived: true,
    };
    fake.setRepositories(1, [site]);
    const res = await call(fake, '/repos/ACME/site', `token ${await mint(fake, 1)}`);
    expect(await res.json()).toEqual({
      id: 77,
      node_id: Buffer.from('010:Repository77').toString('base64'),
      name: 'Site',
      full_name: 'acme/Site',
      private: false,
      owner: { login: 'acme', id: expect.any(Number), type: 'Organization' },
      html_url: 'https://github.com/acme/Site',
      default_branch: 'trunk',
      archived: true,
      disabled: false,
      visibility: 'public',
    });
  });

  it('keeps each token to its own installation: another one’s repository is 404', async () => {
    const fake = await start();
    const globex = `token ${await mint(fake, 2)}`;
    const acme = `token ${await mint(fake, 1)}`;
    expect((await call(fake, '/repos/acme/repo-0001', globex)).status).toBe(404);
    expect((await call(fake, '/repos/acme/repo-0001/collaborators', globex)).status).toBe(404);
    expect((await call(fake, '/repos/globex/secret', acme)).status).toBe(404);
    expect((await call(fake, '/repos/globex/secret', globex)).status).toBe(200);
    const missing = await call(fake, '/repos/acme/repo-9999', acme);
    expect(await missing.json()).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
    });
  });
});

describe('codehost fake: collaborators and users', () => {
  it('lists collaborators with the permissions their role implies', async () => {
    const fake = await start();
    const res = await call(
      fake,
      '/repos/acme/repo-0001/collaborators?affiliation=all',
      `token ${await mint(fake, 1)}`,
    );
    const body = (await res.json()) as Array<{
      login: string;
      role_name: string;
      permissions: object;
      type: string;
    }>;
    const yes = (n: number) => [true, true, true, true, true].map((_, i) => i >= 5 - n);
    expect(body.map((c) => [c.login, c.role_name, Object.values(c.permissions)])).toEqual([
      ['ada', 'admin', yes(5)],
      ['mo', 'maintain', yes(4)],
      ['wes', 'write', yes(3)],
      ['tri', 'triage', yes(2)],
      ['rex', 'read', yes(1)],
    ]);
    expect(body[0]).toMatchObject({
      type: 'User',
      site_admin: false,
      permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    });
    expect(body[3]!.permissions).toEqual({
      admin: false,
      maintain: false,
      push: false,
      triage: true,
      pull: true,
    });
  });

  it('leaves team access out of affiliation=direct and pages collaborators', async () => {
    const fake = await start();
    const auth = `token ${await mint(fake, 1)}`;
    const direct = await call(fake, '/repos/acme/repo-0001/collaborators?affiliation=direct', auth);
    expect(((await direct.json()) as Array<{ login: string }>).map((c) => c.login)).not.toContain('mo');
    const paged = await call(fake, '/repos/acme/repo-0001/collaborators?per_page=2&page=3', auth);
    expect(((await paged.json()) as Array<{ login: string }>).map((c) => c.login)).toEqual(['rex']);
    expect(paged.headers.get('link')).toContain('rel="prev"');
    expect(paged.headers.get('link')).not.toContain('rel="next"');
  });

  it('lists a repository’s teams with their permission, and a team’s members', async () => {
    const fake = await start();
    fake.setCollaborators('acme/repo-0002', [
      { login: 'mo', permission: 'write', team: 'platform' },
      { login: 'kai', permission: 'read', team: 'readers' },
    ]);
    const auth = `token ${await mint(fake, 1)}`;
    const teams = (await (await call(fake, '/repos/acme/repo-0001/teams', auth)).json()) as object[];
    expect(teams).toEqual([
      expect.objectContaining({
        slug: 'platform',
        permission: 'maintain',
        permissions: expect.objectContaining({ admin: false, maintain: true }),
      }),
    ]);
    const second = (await (await call(fake, '/repos/acme/repo-0002/teams', auth)).json()) as object[];
    expect(second).toEqual([
      expect.objectContaining({ slug: 'platform', permission: 'push' }),
      expect.objectContaining({ slug: 'readers', permission: 'pull' }),
    ]);
    const members = await call(fake, '/orgs/acme/teams/platform/members', auth);
    expect(((await members.json()) as Array<{ login: string }>).map((m) => m.login)).toEqual(['mo']);
    expect((await call(fake, '/orgs/acme/teams/nobody/members', auth)).status).toBe(404);
    expect((await call(fake, '/orgs/globex/teams/platform/members', auth)).status).toBe(404);
    const userRepo = await call(fake, '/repos/globex/secret/teams', `token ${await mint(fake, 2)}`);
    expect(userRepo.status).toBe(404);
  });

  it('answers users with their public e-mail (null when unset) and 404 for strangers', async () => {
    const fake = await start();
    const auth = `token ${await mint(fake, 1)}`;
    const user = async (login: string) => (await call(fake, `/users/${login}`, auth)).json();
    expect(await user('ada')).toMatchObject({
      login: 'ada',
      type: 'User',
      email: 'ada@acme.test',
      name: null,
    });
    expect(await user('wes')).toMatchObject({ login: 'wes', email: null });
    fake.setUser('wes', { email: 'wes@acme.test', name: 'Wes' });
    expect(await user('WES')).toMatchObject({ login: 'wes', email: 'wes@acme.test', name: 'Wes' });
    expect((await call(fake, '/users/nobody', auth)).status).toBe(404);
  });
});

describe('codehost fake: scale', () => {
  it('serves 5,000 repositories and 500 collaborators page by page', async () => {
    const fake = await start();
    fake.setRepositories(1, makeRepos('big', 5000));
    const people: FakeCollaborator[] = Array.from({ length: 500 }, (_, i) => ({
      login: `user-${i}`,
      permission: 'read',
    }));
    fake.setCollaborators('big/repo-2500', people);
    const auth = `token ${await mint(fake, 1)}`;
    let next: string | undefined = `${fake.baseUrl}/installation/repositories?per_page=100`;
    const names: string[] = [];
    while (next) {
      const res: Response = await fetch(next, { headers: { authorization: auth } });
      names.push(...((await res.json()) as RepoPage).repositories.map((r) => r.full_name));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(names).toHaveLength(5000);
    expect(names[4999]).toBe('big/repo-5000');
    const last = await call(fake, '/repos/big/repo-2500/collaborators?per_page=100&page=5', auth);
    expect(((await last.json()) as unknown[]).length).toBe(100);
    expect(last.headers.get('link')).not.toContain('rel="next"');
  });
});
