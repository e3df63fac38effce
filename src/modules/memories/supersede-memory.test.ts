import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import type { Team } from '../projects/projects.fixtures.ts';
import {
  created,
  expectInvalidAt,
  freshProject,
  historyOf,
  ids,
  memoryLog,
  memoryState,
  patched,
  patchMemory,
  readMemory,
  recall,
  remember,
  teamAndOutsider,
} from './memories.fixtures.ts';
import type { TestUser } from '../../test/harness.ts';
import { allItems } from '../context/bundle.fixtures.ts';
import type { Bundle } from '../context/schemas.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser;
let outsiderWs: string;

beforeAll(async () => {
  ({ t, outsider, outsiderWs } = await teamAndOutsider(h));
});

const bundleIds = async (p: Team) => {
  const res = await h.request('GET', '/v1/context/bundle', {
    as: p.reader,
    query: { workspace_key: p.ws, project_key: p.project, q: 'worker image node' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return allItems(res.json() as Bundle).map((i) => i.id);
};

describe('supersedes on remember', () => {
  it('replaces the older memory: out of recall and the bundle, kept in history, linked both ways', async () => {
    const p = await freshProject(h, t);
    const old = await created(h, p, p.writer, 'decision', 'The worker image runs Node 18');
    expect(await bundleIds(p)).toContain(old.id);
    const newer = await created(
      h,
      p,
      p.writer,
      'decision',
      'The worker image runs Node 20 since the March upgrade',
      {
        supersedes: [old.id],
      },
    );
    expect(newer.supersedes).toEqual([old.id]);
    const before = await readMemory(h, old.id);
    expect(before).toMatchObject({ status: 'superseded', superseded_by: newer.id, version: 2 });

    expect(ids((await recall(h, p, p.reader, { q: 'worker image node' })).items)).toEqual([newer.id]);
    expect(ids((await recall(h, p, p.reader, {})).items)).toEqual([newer.id]);
    expect(await bundleIds(p)).not.toContain(old.id);
    const asked = await recall(h, p, p.reader, { q: 'worker image node', status: 'superseded' });
    expect(ids(asked.items)).toEqual([old.id]);

    const [latest] = await historyOf(h, old.id);
    expect(latest).toMatchObject({
      status: 'superseded',
      superseded_by: newer.id,
      reason: `superseded by ${newer.id}`,
      changed_by: p.writer.id,
    });
    const [entry, createdEntry] = await memoryLog(h, p.ws);
    expect(entry?.target.params).toMatchObject({
      memory_id: old.id,
      changed: ['status', 'superseded_by'],
      from_status: 'draft',
      to_status: 'superseded',
      superseded_by: newer.id,
    });
    expect(createdEntry?.target.params).toMatchObject({ memory_id: newer.id, supersedes: [old.id] });
  });

  it('applies supersedes given again with an identical memory (one call confirms a suggestion)', async () => {
    const p = await freshProject(h, t);
    const old = await created(h, p, p.writer, 'constraint', 'Uploads are limited to 10 MB');
    const newer = await created(h, p, p.writer, 'constraint', 'Uploads are limited to 25 MB');
    const res = await remember(h, p, p.writer, {
      type: 'constraint',
      content: 'Uploads are limited to 25 MB',
      supersedes: [old.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: newer.id, deduplicated: true, supersedes: [old.id], version: 2 });
    expect(await readMemory(h, old.id)).toMatchObject({ status: 'superseded', superseded_by: newer.id });
    // Asked again: nothing more changes.
    const again = await remember(h, p, p.writer, {
      type: 'constraint',
      content: 'Uploads are limited to 25 MB',
      supersedes: [old.id],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ version: 2 });
  });

  it('PATCH adds to what a memory supersedes; a maintainer may restore a superseded memory', async () => {
    const p = await freshProject(h, t);
    const a = await created(h, p, p.writer, 'note', 'Staging runs on a single node');
    const b = await created(h, p, p.writer, 'note', 'Staging has no autoscaling');
    const c = await created(h, p, p.writer, 'note', 'Staging runs three nodes with autoscaling');
    await patched(h, p.writer, c.id, { supersedes: [a.id] });
    const both = await patched(h, p.writer, c.id, { supersedes: [b.id, a.id] });
    expect(both.supersedes).toEqual([a.id, b.id]);
    expect((await readMemory(h, b.id))?.status).toBe('superseded');
    const restored = await patched(h, p.maintainer, a.id, { status: 'draft' });
    expect(restored).toMatchObject({ status: 'draft', superseded_by: null });
  });

  it('keeps a superseded memory superseded when a writer edits it', async () => {
    const p = await freshProject(h, t);
    const old = await created(h, p, p.writer, 'note', 'Backups run nightly at 02:00');
    await created(h, p, p.writer, 'note', 'Backups run hourly', { supersedes: [old.id] });
    const edited = await patched(h, p.writer, old.id, {
      content: 'Backups ran nightly at 02:00 (until May)',
    });
    expect(edited.status).toBe('superseded');
  });
});

describe('supersedes refused', () => {
  it('refuses unknown ids, other projects and workspaces, itself, and bad lists with 400; nothing stored', async () => {
    const p = await freshProject(h, t);
    const other = await freshProject(h, t);
    const mine = await created(h, p, p.writer, 'note', 'Feature flags live in LaunchDarkly');
    const elsewhere = await created(h, other, other.writer, 'note', 'Feature flags live in Unleash');
    const foreignPlace = { ws: outsiderWs, project: await h.project(outsiderWs, []) };
    const foreign = await created(h, foreignPlace, outsider, 'note', 'Feature flags live in env vars');
    const cases: Array<[unknown, string]> = [
      [['mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EH'], 'body.supersedes.0'],
      [[elsewhere.id], 'body.supersedes.0'],
      [[mine.id, mine.id], 'body.supersedes'],
      [['nope'], 'body.supersedes.0'],
      [[], 'body.supersedes'],
      [Array.from({ length: 21 }, (_, i) => `mem_${String(i).padStart(26, '0')}`), 'body.supersedes'],
      ['mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EH', 'body.supersedes'],
      [[42], 'body.supersedes.0'],
    ];
    cases.push([[foreign.id], 'body.supersedes.0']);
    const before = await memoryState(h, p);
    for (const [supersedes, path] of cases) {
      const res = await remember(h, p, p.writer, {
        type: 'note',
        content: 'Flags moved to Flipt',
        supersedes,
      });
      expectInvalidAt(res, path, JSON.stringify(supersedes));
      const patch = await patchMemory(h, p.writer, mine.id, { supersedes });
      expectInvalidAt(patch, path, `PATCH ${JSON.stringify(supersedes)}`);
    }
    expectInvalidAt(
      await patchMemory(h, p.writer, mine.id, { supersedes: [mine.id] }),
      'body.supersedes.0',
      'itself',
    );
    const status = await remember(h, p, p.maintainer, {
      type: 'note',
      content: 'x y z',
      status: 'superseded',
    });
    expectInvalidAt(status, 'body.status', 'status superseded');
    expect(await memoryState(h, p)).toEqual(before);
    expect((await readMemory(h, elsewhere.id))?.status).toBe('draft');
  });

  it('refuses a writer superseding a confirmed memory (403) and re-superseding (409); nothing stored', async () => {
    const p = await freshProject(h, t);
    const confirmed = await created(h, p, p.maintainer, 'decision', 'Payments go through Stripe', {
      status: 'confirmed',
    });
    const draft = await created(h, p, p.writer, 'decision', 'Refunds are manual');
    const newer = await created(h, p, p.writer, 'decision', 'Refunds are automatic under 50 EUR', {
      supersedes: [draft.id],
    });
    const before = await memoryState(h, p);
    const forbidden = await remember(h, p, p.writer, {
      type: 'decision',
      content: 'Payments go through Adyen',
      supersedes: [confirmed.id],
    });
    expectError(forbidden, 403, 'forbidden');
    const again = await remember(h, p, p.writer, {
      type: 'decision',
      content: 'Refunds are automatic under 80 EUR',
      supersedes: [draft.id],
    });
    expectError(again, 409, 'conflict');
    expect(again.json().error.message).toContain(newer.id);
    const fromSuperseded = await patchMemory(h, p.writer, draft.id, { supersedes: [newer.id] });
    expectError(fromSuperseded, 409, 'conflict');
    const reader = await patchMemory(h, p.reader, newer.id, { supersedes: [confirmed.id] });
    expectError(reader, 403, 'forbidden');
    expect(await memoryState(h, p)).toEqual(before);
    // The maintainer may.
    const ok = await created(h, p, p.maintainer, 'decision', 'Payments go through Adyen', {
      supersedes: [confirmed.id],
    });
    expect((await readMemory(h, confirmed.id))?.superseded_by).toBe(ok.id);
  });
});

describe('possibly_supersedes', () => {
  it('names older memories of the same type that a new one seems to contradict', async () => {
    const p = await freshProject(h, t);
    const node = await created(
      h,
      p,
      p.writer,
      'decision',
      'The worker image pins Node 18 for the PDF renderer',
    );
    const cache = await created(h, p, p.writer, 'constraint', 'The page cache is enabled for admin pages');
    const unrelated = await created(h, p, p.writer, 'decision', 'Invoices are numbered per tenant and year');
    const otherType = await created(
      h,
      p,
      p.writer,
      'note',
      'The worker image pins Node 18 for the PDF renderer',
    );

    const newer = await created(
      h,
      p,
      p.writer,
      'decision',
      'The worker image pins Node 20 for the PDF renderer',
    );
    expect(newer.possibly_supersedes.map((x) => x.id)).toEqual([node.id]);
    expect(newer.possibly_supersedes[0]?.why).toMatch(/20.*18/);
    expect(newer.possibly_supersedes[0]?.content).toBe('The worker image pins Node 18 for the PDF renderer');

    const negated = await created(
      h,
      p,
      p.writer,
      'constraint',
      'The page cache is not enabled for admin pages',
    );
    expect(negated.possibly_supersedes.map((x) => x.id)).toEqual([cache.id]);

    const fresh = await created(h, p, p.writer, 'decision', 'Credit notes reuse the invoice number sequence');
    expect(fresh.possibly_supersedes).toEqual([]);
    void unrelated;
    void otherType;
    // Confirmed in one call, the suggestion is gone.
    const confirmed = await remember(h, p, p.writer, {
      type: 'decision',
      content: 'The worker image pins Node 20 for the PDF renderer',
      supersedes: [node.id],
    });
    expect(confirmed.json()).toMatchObject({ deduplicated: true, possibly_supersedes: [] });
  });
});
