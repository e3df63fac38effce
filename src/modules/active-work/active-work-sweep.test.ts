import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { activeWorkScene } from './active-work.fixtures.ts';
import { queueActiveWorkSweep, sweepActiveWork } from './sweep.ts';

/** The staleness sweep: workspace settings, the job the schedule queues, and two sweeps at once. */
const h = useHarness({}, { jobs: true });
const { users, newWorkspace } = workspaceScene(h);
const aw = activeWorkScene(h, users);

const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(h.clock.now().getTime() - n * DAY).toISOString();

/** A project with items whose newest evidence is 3, 10 and 40 days old, and a confirmed one of 60. */
async function agedItems(ws: string) {
  const { key } = await aw.project(ws);
  for (const [n, age] of [
    [1, 3],
    [2, 10],
    [3, 40],
    [4, 60],
  ] as const) {
    await aw.remember(ws, key, 'active_work', `Aged work item (AGE-${n})`, { occurred_at: daysAgo(age) });
  }
  await aw.settle();
  const items = (await aw.items(ws, key)).items;
  const byKey = Object.fromEntries(items.map((i) => [i.issue_keys[0], i]));
  await aw.act(byKey['AGE-4']?.id ?? '', 'confirm', users.alice);
  return { key, byKey };
}

const statuses = async (ws: string, key: string) =>
  Object.fromEntries(
    (await aw.items(ws, key, { status: 'active,stale,confirmed,closed' })).items.map((i) => [
      i.issue_keys[0],
      i.status,
    ]),
  );

describe('the Active Work sweep', () => {
  it("marks items stale after the workspace's days, closes them after its auto-close days, and says why", async () => {
    const ws = await newWorkspace();
    const patched = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: users.alice,
      body: { active_work_stale_days: 7, active_work_auto_close_days: 30 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ active_work_stale_days: 7, active_work_auto_close_days: 30 });
    const [settings] = await auditOf(h, ws, 'workspace_settings.');
    expect(settings?.target.params).toMatchObject({
      changes: { active_work_auto_close_days: { from: null, to: 30 } },
    });
    const { key, byKey } = await agedItems(ws);
    h.clock.advance(1000);
    await queueActiveWorkSweep(h.ctxFor(h.admin));
    await aw.settle();
    expect(await statuses(ws, key)).toEqual({
      'AGE-1': 'active',
      'AGE-2': 'stale',
      'AGE-3': 'closed',
      'AGE-4': 'confirmed',
    });
    const closedEvents = (await aw.events(ws, key, { item_id: byKey['AGE-3']?.id ?? '' })).items;
    expect(closedEvents.map((e) => [e.type, e.actor])).toEqual([
      ['closed', { system: 'sweep' }],
      ['stale_marked', { system: 'sweep' }],
      ['created', { system: 'inference' }],
    ]);
    expect(closedEvents[0]?.details).toMatchObject({ rule: 'auto_close', days: 30 });
    expect(closedEvents[1]?.details).toMatchObject({ rule: 'stale', days: 7 });
    // Closed by the sweep, not by a person: new evidence reopens it.
    await aw.remember(ws, key, 'activity', 'Back on AGE-3 after all');
    await aw.settle();
    expect((await statuses(ws, key))['AGE-3']).toBe('active');
  });

  it('queues one sweep an hour however often it is asked, and two sweeps at once take each item once', async () => {
    const ws = await newWorkspace();
    const { key } = await agedItems(ws);
    h.clock.advance(3600_000);
    const ctx = h.ctxFor(h.admin);
    expect(await queueActiveWorkSweep(ctx)).toBe(true);
    expect(await queueActiveWorkSweep(ctx)).toBe(false);
    // The queued job runs beside two direct sweeps: three at once.
    h.jobs?.wake();
    const [a, b] = await Promise.all([sweepActiveWork(ctx), sweepActiveWork(ctx), aw.settle()]);
    expect((a?.staled ?? 0) + (b?.staled ?? 0)).toBeLessThanOrEqual(2);
    await aw.settle();
    const stale = (await aw.events(ws, key, { type: 'stale_marked' })).items.map((e) => e.item_id);
    expect(stale).toHaveLength(2);
    expect(new Set(stale).size).toBe(2);
    // No auto-close by default.
    expect(await statuses(ws, key)).toEqual({
      'AGE-1': 'active',
      'AGE-2': 'stale',
      'AGE-3': 'stale',
      'AGE-4': 'confirmed',
    });
  });

  it('refuses settings out of range', async () => {
    const ws = await newWorkspace();
    for (const body of [
      { active_work_stale_days: 0 },
      { active_work_stale_days: 366 },
      { active_work_stale_days: 1.5 },
      { active_work_auto_close_days: 0 },
      { active_work_auto_close_days: '30' },
    ]) {
      expectError(
        await h.request('PATCH', `/v1/workspaces/${ws}`, { as: users.alice, body }),
        400,
        'validation_failed',
      );
    }
    const bob = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: users.bob,
      body: { active_work_stale_days: 3 },
    });
    expectError(bob, 403, 'forbidden');
  });
});
