import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { activeWorkScene } from '../active-work/active-work.fixtures.ts';
import { blockTexts, chatScene } from '../notifications/chat.fixtures.ts';
import { auditOf } from '../workspaces/workspace-routes-scenario.fixtures.ts';

/**
 * POST /v1/git-events through HTTP with a real job runner: the event as Active Work evidence, its
 * audit entry (and chat message) only when the tracker or wiki asks for one, repeats, who may
 * post, and bad input.
 */
const h = useHarness({}, { jobs: true });
const { slack, users, chatWorkspace, settle, newWorkspace } = chatScene(h);
const aw = activeWorkScene(h, users);

const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
const MERGE_SHA = '4a1f0c3e5b7d9f2a4c6e8b0d2f4a6c8e0b2d4f6a';

const post = (body: Record<string, unknown>, as: TestUser = users.bob) =>
  h.request('POST', '/v1/git-events', { as, body });

/** Saves `provider` for `ws` enabled with `config`, as its admin. */
async function saveSite(ws: string, provider: 'tracker' | 'wiki', config: Record<string, unknown>) {
  const res = await h.request('PUT', '/v1/integrations', {
    as: users.alice,
    body: { workspace_key: ws, provider, enabled: true, config },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /v1/git-events', () => {
  it('turns a commit into Active Work, joins the merge of its branch, and records a repeat once', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    const commit = {
      workspace_key: ws,
      project_key: key,
      kind: 'commit',
      sha: SHA.toUpperCase(),
      branch: 'feature/invoice-archive',
      message: 'Move invoices to the archive bucket\n\nRefs BILL-142',
      occurred_at: '2026-12-01T10:00:00+01:00',
    };
    const first = await post(commit);
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json() as Record<string, unknown>;
    expect(answer).toMatchObject({
      kind: 'commit',
      sha: SHA,
      branch: 'feature/invoice-archive',
      workspace_key: ws,
      project_key: key,
      issue_keys: [],
      occurred_at: '2026-12-01T09:00:00.000Z',
      audit_action: null,
      duplicate: false,
    });
    await settle();
    let [item] = (await aw.items(ws, key)).items;
    expect(item).toMatchObject({
      title: 'Move invoices to the archive bucket',
      status: 'active',
      branch: 'feature/invoice-archive',
      issue_keys: ['BILL-142'],
      confidence: 0.4,
      confidence_parts: { git: 0.4 },
      people: [{ user_id: users.bob.id }],
      first_evidence_at: '2026-12-01T09:00:00.000Z',
    });

    // The hook ran twice: the first record is the answer, nothing else changes.
    const again = await post({ ...commit, message: 'something else' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: answer.id, duplicate: true, audit_action: null });

    // The merge into main joins the item of the branch it merged; it never starts one.
    const merge = await post({
      workspace_key: ws,
      project_key: key,
      kind: 'merge',
      sha: MERGE_SHA,
      branch: 'main',
      message: "Merge branch 'feature/invoice-archive'",
      occurred_at: '2026-12-02T09:00:00Z',
    });
    expect(merge.statusCode, merge.body).toBe(201);
    const lone = await post({
      workspace_key: ws,
      project_key: key,
      kind: 'merge',
      sha: '1'.repeat(40),
      branch: 'main',
      message: 'Merge tag v2.0',
    });
    expect(lone.statusCode, lone.body).toBe(201);
    await settle();
    const open = (await aw.items(ws, key)).items;
    expect(open).toHaveLength(1);
    [item] = open;
    expect(item).toMatchObject({ evidence_count: 2, last_evidence_at: '2026-12-02T09:00:00.000Z' });
    const detail = await h.request('GET', `/v1/active-work/${item?.id}`, {
      as: users.bob,
      query: { workspace_key: ws },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { evidence, events } = detail.json() as {
      evidence: Array<{ kind: string; ref: string; summary: string }>;
      events: Array<{ type: string; details: { rule?: string } }>;
    };
    expect(evidence.map((e) => [e.kind, e.ref, e.summary])).toEqual([
      ['git', `git_event:${(merge.json() as { id: string }).id}`, "Merge branch 'feature/invoice-archive'"],
      ['git', `git_event:${answer.id as string}`, 'Move invoices to the archive bucket'],
    ]);
    expect(events.map((e) => [e.type, e.details.rule])).toEqual([
      ['created', 'new'],
      ['updated', 'branch'],
    ]);
    // No tracker or wiki asks for git entries: none was audited.
    expect(await auditOf(h, ws, 'git.')).toEqual([]);
  });

  it('audits git.commit / git.merge when the tracker or wiki asks, and chat sends them', async () => {
    const ws = await chatWorkspace({ action_prefixes: ['git.'] });
    const { key } = await aw.project(ws);
    const commit = (sha: string, extra: Record<string, unknown> = {}) =>
      post({
        workspace_key: ws,
        project_key: key,
        kind: 'commit',
        sha,
        branch: 'feature/BILL-7-export',
        message: 'Export invoices as CSV',
        issue_keys: ['bill-7'],
        ...extra,
      });
    // write_on_merge alone does not audit commits.
    await saveSite(ws, 'tracker', { write_on_merge: true });
    expect((await commit('a'.repeat(40))).json()).toMatchObject({ audit_action: null });
    await saveSite(ws, 'wiki', { write_on_commit: true });
    const audited = await commit('b'.repeat(40));
    expect(audited.json()).toMatchObject({ audit_action: 'git.commit', issue_keys: ['BILL-7'] });
    const merged = await post({
      workspace_key: ws,
      project_key: key,
      kind: 'merge',
      sha: 'c'.repeat(40),
      branch: 'main',
      message: 'Merge pull request #12 from acme/feature/BILL-7-export',
    });
    expect(merged.json()).toMatchObject({ audit_action: 'git.merge' });
    const entries = await auditOf(h, ws, 'git.');
    expect(entries.map((e) => [e.action, e.target.type, e.target.params])).toEqual([
      [
        'git.merge',
        'git_event',
        {
          workspace_key: ws,
          project_key: key,
          git_event_id: (merged.json() as { id: string }).id,
          sha: 'c'.repeat(40),
          branch: 'main',
          subject: 'Merge pull request #12 from acme/feature/BILL-7-export',
          issue_keys: [],
        },
      ],
      [
        'git.commit',
        'git_event',
        expect.objectContaining({
          sha: 'b'.repeat(40),
          subject: 'Export invoices as CSV',
          issue_keys: ['BILL-7'],
        }),
      ],
    ]);
    // A disabled wiki's flag does not count.
    await h.request('PUT', '/v1/integrations', {
      as: users.alice,
      body: { workspace_key: ws, provider: 'wiki', enabled: false, config: { write_on_commit: true } },
    });
    expect((await commit('d'.repeat(40))).json()).toMatchObject({ audit_action: null });
    await settle();
    const sentences = slack.received.map((m) => blockTexts(m.payload).sentence);
    expect(sentences).toEqual([
      expect.stringContaining(
        `committed bbbbbbb on feature/BILL-7-export in project ${key}: “Export invoices as CSV”`,
      ),
      expect.stringContaining(`merged into main in project ${key} (ccccccc)`),
    ]);
    // Both commits and the merge are evidence of one item.
    const [item] = (await aw.items(ws, key)).items;
    expect(item).toMatchObject({ evidence_count: 4, issue_keys: ['BILL-7'] });
  });

  it("needs the project's writer: others get the usual answers and nothing is stored", async () => {
    const ws = await newWorkspace();
    const { key, reader } = await aw.project(ws);
    const body = { workspace_key: ws, project_key: key, kind: 'commit', sha: SHA, branch: 'feature/x' };
    const call = { method: 'POST' as const, url: '/v1/git-events', body };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, users.outsider, call);
    expectError(await post(body, reader), 403, 'forbidden');
    expectError(await post({ ...body, project_key: 'codehost:acme/none' }, users.alice), 404, 'not_found');
    await settle();
    expect((await aw.items(ws, key)).items).toEqual([]);
    const asAdmin = await post(body, users.alice);
    expect(asAdmin.statusCode, asAdmin.body).toBe(201);
  });

  it('names each bad field, masks secrets in the message, and stores hostile text or refuses it', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    const ok = { workspace_key: ws, project_key: key, kind: 'commit', sha: SHA, branch: 'feature/x' };
    const cases: Array<[unknown, string]> = [
      [{ ...ok, kind: 'push' }, 'body.kind'],
      [{ ...ok, kind: undefined }, 'body.kind'],
      [{ ...ok, sha: 'abc1234' }, 'body.sha'],
      [{ ...ok, sha: 'g'.repeat(40) }, 'body.sha'],
      [{ ...ok, sha: 42 }, 'body.sha'],
      [{ ...ok, branch: '  ' }, 'body.branch'],
      [{ ...ok, branch: 'b'.repeat(256) }, 'body.branch'],
      [{ ...ok, message: 'm'.repeat(4001) }, 'body.message'],
      [{ ...ok, issue_keys: ['not a key'] }, 'body.issue_keys.0'],
      [{ ...ok, issue_keys: 'BILL-1' }, 'body.issue_keys'],
      [{ ...ok, issue_keys: Array.from({ length: 51 }, (_, i) => `K-${i + 1}`) }, 'body.issue_keys'],
      [{ ...ok, occurred_at: 'yesterday' }, 'body.occurred_at'],
      [{ ...ok, occurred_at: new Date(Date.now() + 3_600_000).toISOString() }, 'occurred_at'],
      [{ ...ok, project_key: undefined }, 'body.project_key'],
      [{ ...ok, workspace_key: undefined }, 'body.workspace_key'],
      [{ ...ok, extra: 1 }, 'body'],
    ];
    for (const [body, path] of cases) expectInvalid(await post(body as Record<string, unknown>), path);
    expect((await h.request('POST', '/v1/git-events', { as: users.bob, body: [ok] })).statusCode).toBe(400);
    const huge = await h.request('POST', '/v1/git-events', {
      as: users.bob,
      body: { ...ok, message: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    await settle();
    expect((await aw.items(ws, key)).items).toEqual([]);

    // A message naming more issue keys than evidence carries is recorded all the same.
    const manyKeys = Array.from({ length: 80 }, (_, i) => `KEY-${i + 1}`).join(' ');
    const many = await post({ ...ok, sha: 'a'.repeat(40), message: `Touches ${manyKeys}` });
    expect(many.statusCode, many.body).toBe(201);
    await settle();
    const [wide] = (await aw.items(ws, key)).items;
    expect(wide?.issue_keys).toHaveLength(20);

    await saveSite(ws, 'tracker', { write_on_commit: true });
    const token = 'xoxb-' + '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
    const masked = await post({ ...ok, message: `deploy with ${token}` });
    expect(masked.statusCode, masked.body).toBe(201);
    await settle();
    const [entry] = await auditOf(h, ws, 'git.');
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify((await aw.items(ws, key)).items)).not.toContain(token);
    let n = 0;
    for (const s of HOSTILE_STRINGS) {
      n += 1;
      const res = await post({
        ...ok,
        sha: n.toString(16).padStart(40, 'f'),
        message: s.slice(0, 4000),
        branch: `feature/${s}`.slice(0, 255).trim() || 'x',
      });
      expect(res.statusCode, s).toBe(unstorable(s) ? 400 : 201);
    }
    await settle();
  });
});
