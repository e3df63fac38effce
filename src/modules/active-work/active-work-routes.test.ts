import { describe, expect, it } from 'vitest';
import { expectError, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { auditOf } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { blockTexts, chatScene } from '../notifications/chat.fixtures.ts';
import { activeWorkScene, type Event, type Item } from './active-work.fixtures.ts';

/** The Active Work routes: who may read and act, bad input, and what a manual action writes and sends. */
const h = useHarness({}, { jobs: true });
const { slack, users, chatWorkspace, settle } = chatScene(h);
const aw = activeWorkScene(h, users);

/** A chat workspace with a project holding one item (from bob's active_work memory). */
async function itemScene() {
  const ws = await chatWorkspace({ action_prefixes: ['active_work.'] });
  const { key, reader } = await aw.project(ws);
  await aw.remember(ws, key, 'active_work', 'Ship the billing export (BILL-7)');
  await settle();
  const [item] = (await aw.items(ws, key)).items;
  if (!item) throw new Error('no item inferred');
  return { ws, key, reader, item };
}

describe('POST /v1/active-work/:id/confirm|close|reopen', () => {
  it('changes the status by hand with the reason on the event, audits it and sends it to chat', async () => {
    const { ws, key, item } = await itemScene();
    const confirmed = await aw.act(item.id, 'confirm', users.alice, 'Planned for 2.4');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json() as { item: Item; event: Event };
    expect(body.item).toMatchObject({ id: item.id, status: 'confirmed' });
    expect(body.event).toMatchObject({
      type: 'confirmed',
      prev_status: 'active',
      next_status: 'confirmed',
      actor: { user_id: users.alice.id },
      reason: 'Planned for 2.4',
    });
    const closed = (await aw.act(item.id, 'close', users.alice, 'Shipped in 2.4.0')).json() as { item: Item };
    expect(closed.item).toMatchObject({ status: 'closed', closed_by_hand: true });
    expect((await aw.items(ws, key)).items).toEqual([]);
    expect((await aw.items(ws, key, { status: 'closed' })).items.map((i) => i.id)).toEqual([item.id]);
    // No body at all (curl -X POST) is no reason.
    const bare = await h.request('POST', `/v1/active-work/${item.id}/reopen`, { as: users.alice });
    expect(bare.statusCode, bare.body).toBe(200);
    const reopened = bare.json() as { item: Item; event: Event };
    expect(reopened.item).toMatchObject({ status: 'active', closed_by_hand: false });
    expect(reopened.event.reason).toBeNull();

    const audit = await auditOf(h, ws, 'active_work.');
    expect(audit.map((e) => [e.action, e.target.params])).toEqual([
      [
        'active_work.manual_reopen',
        { workspace_key: ws, project_key: key, item_id: item.id, title: item.title },
      ],
      [
        'active_work.manual_close',
        {
          workspace_key: ws,
          project_key: key,
          item_id: item.id,
          title: item.title,
          reason: 'Shipped in 2.4.0',
        },
      ],
      [
        'active_work.manual_confirm',
        {
          workspace_key: ws,
          project_key: key,
          item_id: item.id,
          title: item.title,
          reason: 'Planned for 2.4',
        },
      ],
    ]);
    const messages = await slack.waitFor(3);
    const sentences = messages.map((m) => blockTexts(m.payload).sentence);
    expect(sentences.find((t) => t?.includes(' closed '))).toContain(
      `(${users.alice.email}) closed the active-work item “${item.title}” in project ${key} (reason: Shipped in 2.4.0).`,
    );
    const types = (await aw.events(ws, key, { item_id: item.id })).items.map((e) => e.type);
    expect(types).toEqual(['reopened', 'closed', 'confirmed', 'created']);
  });

  it('answers 409 for an action that changes nothing, and writes nothing', async () => {
    const { ws, key, item } = await itemScene();
    expect(expectError(await aw.act(item.id, 'reopen', users.alice), 409, 'conflict').message).toMatch(
      /active, not closed/,
    );
    await aw.act(item.id, 'confirm', users.alice);
    expect(expectError(await aw.act(item.id, 'confirm', users.alice), 409, 'conflict').message).toMatch(
      /already confirmed/,
    );
    await aw.act(item.id, 'close', users.alice);
    expectError(await aw.act(item.id, 'close', users.alice), 409, 'conflict');
    expect(expectError(await aw.act(item.id, 'confirm', users.alice), 409, 'conflict').message).toMatch(
      /reopen it first/,
    );
    expect((await aw.events(ws, key, { item_id: item.id })).items).toHaveLength(3);
    expect(await auditOf(h, ws, 'active_work.')).toHaveLength(2);
  });

  it('is for project maintainers: no key, another workspace, a writer or reader are refused; bad input is 400', async () => {
    const { ws, key, reader, item } = await itemScene();
    for (const action of ['confirm', 'close', 'reopen']) {
      const call = { method: 'POST' as const, url: `/v1/active-work/${item.id}/${action}`, body: {} };
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, users.outsider, call);
      await expectForbiddenFor(h, users.bob, call);
      await expectForbiddenFor(h, reader, call);
    }
    expectError(await aw.act('awi_01JQ8ZQ6N9R3T6W9K2M5X8B1CM', 'close', users.alice), 404, 'not_found');
    for (const id of ['nope', 'awi_', `awi_${'Z'.repeat(27)}`]) {
      expectError(await aw.act(id, 'close', users.alice), 400, 'validation_failed');
    }
    for (const body of [{ reason: 'x'.repeat(1001) }, { reason: 42 }, { reason: 'ok', extra: true }, []]) {
      const res = await h.request('POST', `/v1/active-work/${item.id}/close`, { as: users.alice, body });
      expectError(res, 400, 'validation_failed');
    }
    // A hostile reason is stored as given, as text.
    const hostile = HOSTILE_STRINGS.find((s) => s.includes('<')) ?? '<script>';
    const res = await aw.act(item.id, 'close', users.alice, hostile);
    expect((res.json() as { event: Event }).event.reason).toBe(hostile.trim());
    expect((await aw.events(ws, key, { type: 'closed' })).items).toHaveLength(1);
  });
});

describe('GET /v1/projects/:key/active-work, /events and /v1/active-work/:id', () => {
  it('lets project readers read the items, one item with its evidence, and the timeline; others not', async () => {
    const { ws, key, reader, item } = await itemScene();
    expect((await aw.items(ws, key, {}, reader)).items.map((i) => i.id)).toEqual([item.id]);
    const one = await h.request('GET', `/v1/active-work/${item.id}`, { as: reader });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: item.id,
      project_key: key,
      evidence: [{ kind: 'memory', summary: 'Ship the billing export (BILL-7)', user_id: users.bob.id }],
      events: [{ type: 'created', actor: { system: 'inference' } }],
    });
    for (const call of [
      { method: 'GET' as const, url: `/v1/projects/${enc(key)}/active-work`, query: { workspace_key: ws } },
      {
        method: 'GET' as const,
        url: `/v1/projects/${enc(key)}/active-work/events`,
        query: { workspace_key: ws },
      },
      { method: 'GET' as const, url: `/v1/active-work/${item.id}` },
    ]) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, users.outsider, call);
    }
  });

  it('filters and pages: statuses, closed only when asked, events by item, type and time', async () => {
    const ws = await chatWorkspace();
    const { key } = await aw.project(ws);
    for (const n of [1, 2, 3]) await aw.remember(ws, key, 'active_work', `Task number ${n} (PAGE-${n})`);
    await settle();
    const first = await aw.items(ws, key, { limit: '2' });
    expect(first.items).toHaveLength(2);
    const second = await aw.items(ws, key, { limit: '2', cursor: first.next_cursor ?? '' });
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.title)).size).toBe(3);
    await aw.act(second.items[0]?.id ?? '', 'close', users.alice);
    expect((await aw.items(ws, key)).items).toHaveLength(2);
    expect((await aw.items(ws, key, { status: 'closed,active' })).items).toHaveLength(3);
    expect((await aw.events(ws, key, { type: 'closed' })).items).toHaveLength(1);
    expect((await aw.events(ws, key, { from: '2999-01-01T00:00:00Z' })).items).toEqual([]);
    const paged = await aw.events(ws, key, { limit: '3' });
    expect(paged.items).toHaveLength(3);
    expect((await aw.events(ws, key, { limit: '3', cursor: paged.next_cursor ?? '' })).items).toHaveLength(1);
    const bad = (query: Record<string, string>, path = 'active-work') =>
      h.request('GET', `/v1/projects/${enc(key)}/${path}`, {
        as: users.bob,
        query: { workspace_key: ws, ...query },
      });
    for (const query of [{ status: 'open' }, { limit: '0' }, { cursor: 'garbage' }, { extra: '1' }] as Record<
      string,
      string
    >[]) {
      expectError(await bad(query), 400, 'validation_failed');
    }
    for (const query of [{ type: 'moved' }, { from: 'yesterday' }, { item_id: 'x' }] as Record<
      string,
      string
    >[]) {
      expectError(await bad(query, 'active-work/events'), 400, 'validation_failed');
    }
  });
});
