import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/table.ts';
import { enc, useHarness } from '../../test/harness.ts';
import { makeRepos } from '../../test/fakes/codehost-fake.ts';
import { workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { codehostFake, connectedWorkspace, deliverWebhook } from './codehost.fixtures.ts';

/**
 * Pushes and pull requests of a linked repository, delivered by the code host's webhook, as
 * Active Work evidence of its project: through the real webhook route and a real job runner.
 */
const gh = codehostFake();
const h = useHarness(() => gh.config(), { jobs: true });
const { users: s } = workspaceScene(h);

const settle = async () => {
  h.jobs?.wake();
  await h.jobs?.idle();
};

interface Item {
  id: string;
  title: string;
  status: string;
  branch: string | null;
  issue_keys: string[];
  confidence_parts: Record<string, number>;
  people: Array<{ user_id: string }>;
  evidence_count: number;
}

/** A connected workspace whose one linked repository has its project; bob's login is `bob-gh`. */
async function linkedProject() {
  const account = h.uniq('org');
  const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s, {
    account,
    repos: makeRepos(account, 1),
    settings: { auto_create_project: true },
  });
  const key = `codehost:${account}/repo-0001`;
  await expect
    .poll(
      async () =>
        (await h.request('GET', `/v1/projects/${enc(key)}`, { as: s.alice, query: { workspace_key: ws } }))
          .statusCode,
    )
    .toBe(200);
  const login = await h.request('PATCH', `/v1/users/${s.bob.id}`, {
    as: s.bob,
    body: { codehost_login: `bob-gh-${account}` },
  });
  expect(login.statusCode, login.body).toBe(200);
  const repos = await h.request('GET', `/v1/workspaces/${ws}/codehost/repos`, { as: s.bob });
  const repo = (repos.json() as { items: Array<{ repo_id: number; full_name: string }> }).items[0]!;
  const common = {
    installation: { id: installationId },
    repository: { id: repo.repo_id, full_name: repo.full_name },
    sender: { login: `bob-gh-${account}` },
  };
  const items = async (status = 'active,stale,confirmed,closed') => {
    const res = await h.request('GET', `/v1/projects/${enc(key)}/active-work`, {
      as: s.alice,
      query: { workspace_key: ws, status },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Item[] }).items;
  };
  return { ws, key, repo, common, items };
}

const sha = (c: string) => c.repeat(40);

describe('code host pushes and pull requests as Active Work evidence', () => {
  it('starts an item from a pull request, joins pushes to its branch and its merge, and says where', async () => {
    const { ws, repo, common, items } = await linkedProject();
    const pr = (action: string, extra: Record<string, unknown> = {}) => ({
      ...common,
      action,
      number: 42,
      pull_request: {
        number: 42,
        title: 'Archive invoices older than seven years',
        body: 'Moves them to cold storage. Fixes BILL-142.',
        html_url: `https://github.com/${repo.full_name}/pull/42`,
        updated_at: '2026-12-03T10:00:00Z',
        merged: false,
        head: { ref: 'feature/invoice-archive', sha: sha('a') },
        ...extra,
      },
    });
    expect((await deliverWebhook(h, 'pull_request', pr('opened'))).statusCode).toBe(202);
    await settle();
    let [item] = await items();
    expect(item).toMatchObject({
      title: 'Pull request #42: Archive invoices older than seven years',
      status: 'active',
      branch: 'feature/invoice-archive',
      issue_keys: ['BILL-142'],
      confidence_parts: { codehost: 0.4 },
      people: [{ user_id: s.bob.id }],
    });
    // A push to the branch, a label change (no evidence), a tag push and a deleted branch (neither).
    const push = (ref: string, after: string, extra: Record<string, unknown> = {}) => ({
      ...common,
      ref,
      after,
      compare: `https://github.com/${repo.full_name}/compare/x...y`,
      head_commit: {
        id: after,
        message: 'Skip invoices under legal hold',
        timestamp: '2026-12-04T08:00:00Z',
      },
      commits: [{ id: after, message: 'Skip invoices under legal hold', timestamp: '2026-12-04T08:00:00Z' }],
      ...extra,
    });
    expect(
      (await deliverWebhook(h, 'push', push('refs/heads/feature/invoice-archive', sha('b')))).statusCode,
    ).toBe(202);
    await deliverWebhook(h, 'pull_request', pr('labeled'));
    await deliverWebhook(h, 'push', push('refs/tags/v1.0', sha('c')));
    await deliverWebhook(h, 'push', push('refs/heads/old', '0'.repeat(40), { deleted: true }));
    await deliverWebhook(
      h,
      'pull_request',
      pr('closed', { merged: true, updated_at: '2026-12-05T09:00:00Z' }),
    );
    // The same delivery again changes nothing.
    const again = { id: 'delivery-twice' };
    await deliverWebhook(h, 'push', push('refs/heads/feature/invoice-archive', sha('d')), again);
    expect(
      (await deliverWebhook(h, 'push', push('refs/heads/feature/invoice-archive', sha('d')), again)).json(),
    ).toMatchObject({
      status: 'duplicate',
    });
    await settle();
    const all = await items();
    expect(all).toHaveLength(1);
    [item] = all;
    expect(item).toMatchObject({ evidence_count: 4 });
    const detail = await h.request('GET', `/v1/active-work/${item!.id}`, {
      as: s.alice,
      query: { workspace_key: ws },
    });
    const evidence = (detail.json() as { evidence: Array<{ kind: string; ref: string; url: string | null }> })
      .evidence;
    expect(evidence.map((e) => [e.kind, e.ref, e.url])).toEqual([
      ['codehost', `codehost:${repo.full_name}#42:merged`, `https://github.com/${repo.full_name}/pull/42`],
      ['codehost', `codehost:${repo.full_name}@${sha('d')}`, expect.stringContaining('/compare/')],
      ['codehost', `codehost:${repo.full_name}@${sha('b')}`, expect.stringContaining('/compare/')],
      [
        'codehost',
        `codehost:${repo.full_name}#42@${sha('a')}`,
        `https://github.com/${repo.full_name}/pull/42`,
      ],
    ]);
    const events = (detail.json() as { events: Array<{ correlation_id: string | null }> }).events;
    expect(events.every((e) => typeof e.correlation_id === 'string')).toBe(true);
  });

  it('drops evidence of repositories it does not link, and malformed bodies never fail the job', async () => {
    const { common, items } = await linkedProject();
    await deliverWebhook(h, 'push', {
      ...common,
      repository: { id: 999_999_999, full_name: 'someone/else' },
      ref: 'refs/heads/feature/x',
      after: sha('e'),
      head_commit: { id: sha('e'), message: 'BILL-1 elsewhere' },
    });
    await deliverWebhook(h, 'push', { ...common, ref: 42, after: null });
    await deliverWebhook(h, 'pull_request', { ...common, action: 'opened', pull_request: 'nope' });
    await settle();
    expect(await items()).toEqual([]);
    const failed = await h.database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(and(eq(jobs.kind, 'codehost.webhook'), eq(jobs.status, 'failed')));
    expect(failed).toEqual([]);
  });
});
