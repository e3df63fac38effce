import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  ACCESS_TIMELINE_URL,
  CODEHOST_BATCH,
  ids,
  tellAccessTimelineStory,
  type AccessTimelineStory,
} from './audit-scenario.fixtures.ts';

const h = useHarness();
let story: AccessTimelineStory;

beforeAll(async () => {
  story = await tellAccessTimelineStory(h);
});

describe('GET /v1/audit/access-timeline', () => {
  it('never shows the events of another workspace', async () => {
    const { wsAdmin, alice, all, timeline, allPages } = story;
    const other = await h.workspace([
      [wsAdmin, 'admin'],
      [alice, 'member'],
    ]);
    const project = await h.project(other, [[alice, 'writer']]);
    expect(ids(await allPages({}))).toEqual(ids(all));
    expect(await allPages({ project_key: project })).toEqual([]);
    const theirs = (await timeline({ workspace_key: other, user_id: alice.id })).items;
    expect(theirs.map((e) => e.project_key)).toEqual([project, null]);
    expect(theirs.every((e) => e.workspace_key === other)).toBe(true);
  });

  it('is for workspace admins: 401 without a key, 404 outside, 403 for members', async () => {
    const { wsAdmin, member, outsider, ws, all } = story;
    const call = { method: 'GET' as const, url: ACCESS_TIMELINE_URL, query: { workspace_key: ws } };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectForbiddenFor(h, member, call);
    await expectForbiddenFor(h, member, { ...call, query: { workspace_key: ws, user_id: member.id } });
    await expectHiddenFrom(h, wsAdmin, { ...call, query: { workspace_key: 'no-such-workspace' } });
    // A server admin who is not a member sees it.
    const res = await h.request('GET', ACCESS_TIMELINE_URL, { as: h.admin, query: { workspace_key: ws } });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().items)).toEqual(ids(all));
  });

  it('rejects bad input with the field path and never fails with 5xx', async () => {
    const { wsAdmin, alice, ws, mark, all, timeline } = story;
    const q = (query: Record<string, string>) =>
      h.request('GET', ACCESS_TIMELINE_URL, { as: wsAdmin, query: { workspace_key: ws, ...query } });
    expectInvalid(await h.request('GET', ACCESS_TIMELINE_URL, { as: wsAdmin }), 'query.workspace_key');
    expectInvalid(
      await h.request('GET', ACCESS_TIMELINE_URL, { as: h.admin, query: { source: 'manual' } }),
      'query.workspace_key',
    );
    expectInvalid(await q({ workspace_key: '' }), 'query.workspace_key');
    expectInvalid(await q({ source: 'bogus' }), 'query.source');
    expectInvalid(await q({ source: 'MANUAL' }), 'query.source');
    expectInvalid(await q({ source: 'github' }), 'query.source');
    expectInvalid(await q({ action: 'x' }), 'query.action');
    expectInvalid(await q({ action: 'added' }), 'query.action');
    expectInvalid(await q({ from: 'yesterday' }), 'query.from');
    expectInvalid(await q({ to: 'yesterday' }), 'query.to');
    expectInvalid(await q({ from: '2024-13-01T00:00:00Z' }), 'query.from');
    expectInvalid(await q({ from: '1700000000000' }), 'query.from');
    expectInvalid(await q({ from: '0000-06-01T00:00:00Z' }), 'query.from');
    expectInvalid(await q({ to: '9999-12-31T23:30:00-01:00' }), 'query.to');
    expectInvalid(await q({ from: mark[5]!.toISOString(), to: mark[4]!.toISOString() }), 'query.from');
    expectInvalid(await q({ user_id: 'nope' }), 'query.user_id');
    expectInvalid(await q({ user_id: alice.email }), 'query.user_id');
    expectInvalid(await q({ project_key: 'not a project' }), 'query.project_key');
    expectInvalid(await q({ project_key: 'codehost:acme/../x' }), 'query.project_key');
    for (const limit of ['0', '201', 'abc', '-5', '2.5']) expectInvalid(await q({ limit }), 'query.limit');
    expectInvalid(await q({ cursor: 'garbage' }), 'query.cursor');
    expectInvalid(await q({ correlation_id: '' }), 'query.correlation_id');
    expectInvalid(await q({ correlation_id: 'c'.repeat(201) }), 'query.correlation_id');
    expectInvalid(await q({ correlation: CODEHOST_BATCH }), 'query');
    const repeated = await h.request(
      'GET',
      `${ACCESS_TIMELINE_URL}?workspace_key=${ws}&source=manual&source=oidc`,
      {
        as: wsAdmin,
      },
    );
    expectError(repeated, 400, 'validation_failed');
    for (const hostile of HOSTILE_STRINGS) {
      for (const field of [
        'workspace_key',
        'project_key',
        'user_id',
        'source',
        'action',
        'from',
        'to',
        'cursor',
      ]) {
        const res = await q({ [field]: hostile });
        expect(res.statusCode, `${field}=${hostile.slice(0, 20)}`).toBe(400);
      }
      // A batch id is free text: a hostile one is refused (too long, NUL, lone surrogate) or matches nothing.
      const res = await q({ correlation_id: hostile });
      expect([200, 400], `correlation_id=${hostile.slice(0, 20)}`).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().items).toEqual([]);
    }
    expect(ids((await timeline({})).items)).toEqual(ids(all));
  });
});
