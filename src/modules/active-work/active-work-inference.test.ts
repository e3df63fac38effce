import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { useHarness } from '../../test/harness.ts';
import { projects } from '../tenancy/index.ts';
import { workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { activeWorkScene } from './active-work.fixtures.ts';
import { inferActiveWorkJob } from './infer-job.ts';
import { activeWorkItems } from './table.ts';

/** Inference through the real path: memories and CI runs written over HTTP, a real job runner. */
const h = useHarness({}, { jobs: true });
const { users, newWorkspace } = workspaceScene(h);
const aw = activeWorkScene(h, users);

describe('Active Work inference', () => {
  it('starts an item from active work, joins it by issue key and by words, and says why', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    await aw.remember(
      ws,
      key,
      'active_work',
      'Migrating invoice numbering to per-tenant sequences (BILL-142)',
      {
        occurred_at: '2026-12-01T09:00:00Z',
      },
    );
    await aw.settle();
    let [item] = (await aw.items(ws, key)).items;
    expect(item).toMatchObject({
      title: 'Migrating invoice numbering to per-tenant sequences (BILL-142)',
      status: 'active',
      confidence: 0.5,
      confidence_parts: { memory: 0.5 },
      issue_keys: ['BILL-142'],
      people: [{ user_id: users.bob.id, email: users.bob.email }],
      evidence_count: 1,
      first_evidence_at: '2026-12-01T09:00:00.000Z',
    });

    await aw.ciRun(ws, key, { branch: 'feature/bill-142-sequences', message: 'retry.test.ts failed' });
    await aw.remember(ws, key, 'activity', 'Backfilled the per-tenant invoice sequences for numbering', {
      occurred_at: '2026-12-02T10:00:00Z',
    });
    // Activity that matches nothing starts nothing.
    await aw.remember(ws, key, 'activity', 'Upgraded the linter configuration');
    await aw.settle();
    const all = (await aw.items(ws, key)).items;
    expect(all).toHaveLength(1);
    [item] = all;
    expect(item).toMatchObject({
      status: 'active',
      branch: 'feature/bill-142-sequences',
      confidence_parts: { memory: 0.5, ci: 0.2 },
      confidence: 0.6,
      evidence_count: 3,
    });
    const timeline = (await aw.events(ws, key)).items.reverse();
    expect(timeline.map((e) => [e.type, e.details.rule])).toEqual([
      ['created', 'new'],
      ['updated', 'issue_key'],
      ['updated', 'terms'],
    ]);
    expect(timeline[1]?.details).toMatchObject({
      issue_key: 'BILL-142',
      evidence: { kind: 'ci', summary: 'CI failed on feature/bill-142-sequences' },
      confidence: { before: 0.5, after: 0.6 },
    });
    expect(timeline[2]?.details).toMatchObject({ rule: 'terms', shared: expect.any(Number) });
    expect(timeline.every((e) => 'system' in e.actor && e.actor.system === 'inference')).toBe(true);
    expect(new Set(timeline.map((e) => e.item_title))).toEqual(
      new Set(['Migrating invoice numbering to per-tenant sequences (BILL-142)']),
    );
  });

  it('applies the same evidence once, however often it is queued', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    const memoryId = await aw.remember(ws, key, 'active_work', 'Rewrite the export worker (OPS-9)');
    await aw.settle();
    const [project] = await h.database.db.select().from(projects).where(eq(projects.key, key));
    const ctx = h.ctxFor(h.admin);
    const again = {
      workspace_id: project?.workspaceId ?? '',
      project_key: key,
      refs: [{ source: 'memory' as const, id: memoryId }],
    };
    await enqueueJobs(ctx, inferActiveWorkJob, [{ payload: again }, { payload: again }]);
    await aw.settle();
    const [item] = (await aw.items(ws, key)).items;
    expect(item?.evidence_count).toBe(1);
    expect((await aw.events(ws, key)).items).toHaveLength(1);
  });

  it('never reopens an item closed by hand, never demotes a confirmed one, and clears staleness with newer evidence', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    await aw.remember(ws, key, 'active_work', 'Move the invoices to the archive bucket (OPS-1)', {
      occurred_at: '2026-11-01T00:00:00Z',
    });
    await aw.remember(ws, key, 'active_work', 'Split the search service out (OPS-2)', {
      occurred_at: '2026-11-01T00:00:00Z',
    });
    await aw.remember(ws, key, 'active_work', 'Rotate the signing keys (OPS-3)', {
      occurred_at: '2026-11-01T00:00:00Z',
    });
    await aw.settle();
    const byKey = async () =>
      Object.fromEntries(
        (await aw.items(ws, key, { status: 'active,stale,confirmed,closed' })).items.map((i) => [
          i.issue_keys[0],
          i,
        ]),
      );
    const first = await byKey();
    expect((await aw.act(first['OPS-1']?.id ?? '', 'close', users.alice, 'done elsewhere')).statusCode).toBe(
      200,
    );
    expect((await aw.act(first['OPS-2']?.id ?? '', 'confirm', users.alice)).statusCode).toBe(200);
    // The sweep is what marks items stale; here it is set directly, as the sweep would.
    await h.database.db
      .update(activeWorkItems)
      .set({ status: 'stale' })
      .where(eq(activeWorkItems.id, first['OPS-3']?.id ?? ''));

    for (const n of [1, 2, 3]) {
      await aw.ciRun(ws, key, { branch: `fix/ops-${n}`, message: `OPS-${n} again` });
    }
    await aw.settle();
    const after = await byKey();
    expect(after['OPS-1']).toMatchObject({ status: 'closed', closed_by_hand: true, evidence_count: 2 });
    expect(after['OPS-2']).toMatchObject({ status: 'confirmed', evidence_count: 2 });
    expect(after['OPS-3']).toMatchObject({ status: 'active', evidence_count: 2 });
    const types = async (id: string) =>
      (await aw.events(ws, key, { item_id: id })).items.map((e) => e.type).reverse();
    expect(await types(first['OPS-1']?.id ?? '')).toEqual(['created', 'closed', 'updated']);
    const kept = (await aw.events(ws, key, { item_id: first['OPS-1']?.id ?? '', type: 'updated' })).items[0];
    expect(kept).toMatchObject({
      prev_status: 'closed',
      next_status: 'closed',
      details: { kept_closed: expect.any(String) },
    });
    expect(await types(first['OPS-2']?.id ?? '')).toEqual(['created', 'confirmed', 'updated']);
    expect(await types(first['OPS-3']?.id ?? '')).toEqual(['created', 'stale_cleared']);

    // Evidence older than what a stale item has does not clear it.
    await h.database.db
      .update(activeWorkItems)
      .set({ status: 'stale' })
      .where(eq(activeWorkItems.id, first['OPS-3']?.id ?? ''));
    await aw.remember(ws, key, 'activity', 'Earlier note on OPS-3', { occurred_at: '2026-10-01T00:00:00Z' });
    await aw.settle();
    expect((await byKey())['OPS-3']).toMatchObject({ status: 'stale', evidence_count: 3 });
  });

  it('keeps events immutable: the database refuses to change or delete them', async () => {
    const ws = await newWorkspace();
    const { key } = await aw.project(ws);
    await aw.remember(ws, key, 'active_work', 'Immutable timeline check (QA-1)');
    await aw.settle();
    for (const statement of [
      "update active_work_events set reason = 'rewritten'",
      'delete from active_work_events',
      'truncate active_work_events cascade',
    ]) {
      await expect(h.database.raw(statement), statement).rejects.toThrow(/append-only/);
    }
    expect((await aw.events(ws, key)).items).toHaveLength(1);
  });
});
