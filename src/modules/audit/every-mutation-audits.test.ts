import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unauditedWrites } from './unaudited-writes.fixtures.ts';

/**
 * Every change appends its audit entry in its own transaction (docs/design.md#mutations-authorization-transaction-audit):
 * a transaction that writes a table and appends nothing fails here, unless it is listed below
 * with the reason it is not audited. How writes and appends are found: unaudited-writes.fixtures.ts.
 */
const NOT_AUDITED: Record<string, string> = {
  // A step of an import writes its raw sessions and messages in many short transactions; the step
  // appends its one entry (import.parsed, or import.failed) when it ends (runImportStep).
  'src/modules/imports/parse-import.ts#finishSessions':
    'a batch of the parse step, audited when the step ends',
  // A code host webhook is kept by delivery id (to acknowledge a repeat without redoing it) and
  // queued; what its job changes (links, memberships) is audited when the job applies it.
  'src/modules/codehost/receive-webhook.ts#receiveWebhook': 'the receipt of a delivery and its job',
  'src/modules/codehost/webhook-job.ts#permissionSync': 'a queued permission sync, audited when it runs',
  'src/modules/codehost/work-events.ts#queueWorkEvidence':
    "a push or pull request queued as Active Work evidence, recorded in the item's immutable timeline",
  'src/modules/codehost/nightly-permission-sync.ts#queueDailyPermissionSyncs':
    "the day's queued permission syncs, audited when they run",
  // Active Work inference is the system's reading of evidence that was audited when it arrived (the
  // memory, the CI run); each change it makes is an event in the item's own append-only timeline.
  'src/modules/active-work/apply-evidence.ts#applyEvidence':
    "inference from audited evidence, recorded in the item's immutable timeline",
  // The staleness sweep is the system acting on time passing: each item it changes gets an event in
  // its timeline (actor `sweep`); the hourly job it queues, and the follow-up of a long run, are
  // queue entries, not changes.
  'src/modules/active-work/sweep.ts#sweepBatch': "the sweep, recorded in the items' immutable timeline",
  'src/modules/active-work/sweep.ts#queueActiveWorkSweep': "this hour's sweep job, queued once",
  'src/modules/active-work/sweep.ts#(top level)': 'the follow-up sweep job of a run that left work',
  // The memory review sweep is the system acting on time passing too: each memory it marks stale
  // (or clears) gets a new version saying why, in its history.
  'src/modules/memories/review-sweep.ts#changeBatch': "the review sweep, recorded in the memories' history",
  'src/modules/memories/review-sweep.ts#queueReviewSweep': "this slot's review sweep job, queued once",
  'src/modules/memories/review-sweep.ts#(top level)':
    'the follow-up review sweep job of a run that left work',
};

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every production source of src/ (tests and their support left out), by path from the root. */
function productionSources(): Map<string, string> {
  const dir = join(ROOT, 'src');
  const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (p) =>
      p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.fixtures.ts') && !p.startsWith('test/'),
  );
  return new Map(paths.map((p) => [relative(ROOT, join(dir, p)), readFileSync(join(dir, p), 'utf8')]));
}

describe('every transaction that writes appends an audit entry', () => {
  it('holds in src/modules, but for the writes listed with their reason', () => {
    const found = unauditedWrites(productionSources());
    const unlisted = found.filter((f) => !Object.hasOwn(NOT_AUDITED, f.site));
    expect(unlisted, 'writes without an audit entry: audit them, or list them with the reason').toEqual([]);
    // A listed write that is gone (or audited now) leaves the list.
    expect(Object.keys(NOT_AUDITED).filter((site) => !found.some((f) => f.site === site))).toEqual([]);
  });
});

/** A few files of a made-up module `m`, with the audit module's appends as they are. */
const sources = (files: Record<string, string>) =>
  new Map([
    [
      'src/modules/audit/audit-entries.ts',
      'export async function appendAudit() {}\nexport async function appendAudits() {}',
    ],
    ['src/modules/audit/index.ts', "export { appendAudit, appendAudits } from './audit-entries.ts';"],
    ...Object.entries(files).map(([name, text]) => [`src/modules/m/${name}`, text] as [string, string]),
  ]);
const IMPORTS = "import { appendAudit } from '../audit/index.ts';\n";

describe('finding writes without an audit entry', () => {
  it('finds a write of each kind in a transaction that appends nothing', () => {
    const found = unauditedWrites(
      sources({
        'a.ts': `export const a = (ctx) => inTransaction(ctx, async (ctx) => { await ctx.db.insert(t).values({}); });
          export async function b(ctx) { return inTransaction(ctx, async (tx) => tx.db.update(t).set({})); }
          export function c(ctx) { return inTransaction(ctx, (ctx) => ctx.db.execute(sql\`delete from \${t} where x\`)); }
          export function d(ctx) { return inTransaction(ctx, (ctx) => ctx.db.execute(insertJsonRows(t, []))); }`,
      }),
    );
    expect(found.map((f) => f.site)).toEqual(['a', 'b', 'c', 'd'].map((n) => `src/modules/m/a.ts#${n}`));
    expect(found[0]).toMatchObject({ line: 1, writes: ['ctx.db.insert(t)'] });
  });

  it('counts an append made directly, or by a function the work calls, in its file or imported', () => {
    const found = unauditedWrites(
      sources({
        'audited.ts': `${IMPORTS}import { record } from './record.ts';
          const local = (ctx) => appendAudit(ctx, {});
          export const a = (ctx) => inTransaction(ctx, async (ctx) => { await ctx.db.delete(t); await appendAudit(ctx, {}); });
          export const b = (ctx) => inTransaction(ctx, async (ctx) => { await ctx.db.delete(t); await local(ctx); });
          export const c = (ctx) => inTransaction(ctx, async (ctx) => { await ctx.db.delete(t); await record(ctx); });
          export const d = (ctx) => inTransaction(ctx, work);
          async function work(ctx) { await ctx.db.delete(t); await record(ctx); }`,
        'record.ts': `${IMPORTS}export async function record(ctx) { await appendAudit(ctx, {}); }`,
      }),
    );
    expect(found).toEqual([]);
  });

  it('follows writes into the functions the work calls, and into a wrapper that runs a callback', () => {
    const found = unauditedWrites(
      sources({
        'a.ts': `import { store } from './store.ts';
          export const a = (ctx) => inTransaction(ctx, (ctx) => store(ctx));
          const asOwner = (ctx, work) => inTransaction(ctx, async (ctx) => work(ctx, await owner(ctx)));
          export const b = (ctx) => asOwner(ctx, async (ctx) => { await ctx.db.update(t).set({}); });
          export const c = (ctx) => inTransaction(ctx, (ctx) => ctx.db.select().from(t));`,
        'store.ts': 'export async function store(ctx) { await ctx.db.insert(t).values([]); }',
      }),
    );
    expect(found.map((f) => [f.site, f.writes])).toEqual([
      ['src/modules/m/a.ts#a', ['ctx.db.insert(t)']],
      ['src/modules/m/a.ts#b', ['ctx.db.update(t)']],
    ]);
  });

  it('does not take a hash, a map or a read for a write', () => {
    const found = unauditedWrites(
      sources({
        'a.ts': `export const a = (ctx) => inTransaction(ctx, async (ctx) => {
            hash.update(x); seen.delete(k); await ctx.db.execute(sql\`select 1 from \${t} for update\`);
          });`,
      }),
    );
    expect(found).toEqual([]);
  });
});
