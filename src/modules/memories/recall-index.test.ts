import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { projects, workspaces } from '../tenancy/table.ts';
import {
  allPages,
  created,
  DAY,
  deleteMemory,
  freshProject,
  ids,
  patched,
  recall,
  type Recalled,
} from './memories.fixtures.ts';
import { storeMemories } from './store-memories.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

/** Stores `count` memories mentioning `word` at the harness clock's time, straight through the verb. */
async function storeMany(p: Team, word: string, count: number, label: string): Promise<string[]> {
  const [project] = await h.database.db
    .select({ id: projects.id, key: projects.key, workspaceId: workspaces.id, workspaceKey: workspaces.key })
    .from(projects)
    .innerJoin(workspaces, eq(projects.workspaceId, workspaces.id))
    .where(and(eq(workspaces.key, p.ws), eq(projects.key, p.project)));
  const drafts = Array.from({ length: count }, (_, i) => ({
    type: 'note' as const,
    content: `The ${word} ledger entry ${label} number ${i}`,
    status: 'draft' as const,
    source: 'human' as const,
    metadata: {},
    evidenceRef: null,
    occurredAt: null,
  }));
  const stored = await storeMemories({ ctx: h.ctxFor(p.writer), input: { project: project!, drafts } });
  return stored.map((s) => s.row.id);
}

const rulesOf = (item: Recalled | undefined) =>
  Object.fromEntries((item?.explain?.matches ?? []).map((m) => [m.term, `${m.rule}:${m.word}`]));

describe('recall over the in-process index', () => {
  it('finds matches of every age, the most recent first among equals', async () => {
    const p = await freshProject(h, t);
    h.clock.advance(-730 * DAY);
    const ancient = await created(h, p, p.writer, 'decision', 'The quokka burrow stays read-only');
    h.clock.advance(580 * DAY);
    const older = await created(h, p, p.writer, 'note', 'A quokka sighting was logged');
    h.clock.advance(150 * DAY);
    const fresh = await created(h, p, p.writer, 'decision', 'Every quokka burrow gets a census');
    const other = await created(h, p, p.writer, 'note', 'The burrow map was redrawn');

    const one = await recall(h, p, p.reader, { q: 'quokka' });
    expect(new Set(ids(one.items))).toEqual(new Set([ancient.id, older.id, fresh.id]));
    const both = await recall(h, p, p.reader, { q: 'quokka burrow' });
    expect(ids(both.items).slice(0, 2)).toEqual([fresh.id, ancient.id]);
    expect(new Set(ids(both.items).slice(2))).toEqual(new Set([older.id, other.id]));
  });

  it('ranks every match, not only the newest ones, and pages through all of them', async () => {
    const p = await freshProject(h, t);
    h.clock.advance(-365 * DAY);
    const old = await storeMany(p, 'wombat', 60, 'old');
    h.clock.advance(365 * DAY);
    const recent = await storeMany(p, 'wombat', 220, 'recent');

    const page = await recall(h, p, p.reader, { q: 'wombat', explain: 'true', limit: '1' });
    expect(page.query?.candidates).toBe(280);
    const all = await allPages(h, p, p.reader, { q: 'wombat' }, 100);
    expect(ids(all)).toHaveLength(280);
    expect(new Set(ids(all))).toEqual(new Set([...recent, ...old]));
    // The recent ones first: same words, more recent.
    expect(new Set(ids(all).slice(0, 220))).toEqual(new Set(recent));
  });

  it('matches a prefix of a long word, and says so', async () => {
    const p = await freshProject(h, t);
    const pg = await created(h, p, p.writer, 'decision', 'PostgreSQL is the only supported database engine');
    const auth = await created(h, p, p.writer, 'constraint', 'Authentication tokens expire after one hour');
    const kube = await created(h, p, p.writer, 'note', 'Staging runs on Kubernetes since March');
    expect(ids((await recall(h, p, p.reader, { q: 'postgres' })).items)).toEqual([pg.id]);
    const res = await recall(h, p, p.reader, { q: 'kube', explain: 'true' });
    expect(ids(res.items)).toEqual([kube.id]);
    expect(rulesOf(res.items[0])).toEqual({ kube: 'prefix:kubernetes' });
    // A prefix must be four letters long, and shorter than the word by two.
    expect((await recall(h, p, p.reader, { q: 'kub' })).items).toEqual([]);
    const short = await recall(h, p, p.reader, { q: 'auth tokens', explain: 'true' });
    expect(ids(short.items)).toEqual([auth.id]);
    expect(rulesOf(short.items[0])).toEqual({ auth: 'prefix:authentication', tokens: 'stem:tokens' });
  });

  it('finds an identifier however it is split or joined', async () => {
    const p = await freshProject(h, t);
    const camel = await created(h, p, p.writer, 'decision', 'The rateLimiter wraps every outbound call');
    const snake = await created(h, p, p.writer, 'caveat', 'The rate_limiter module keeps its state in Redis');
    const words = await created(h, p, p.writer, 'note', 'The rate limiter drops bursts above 50 requests');
    for (const q of ['rateLimiter', 'rate_limiter', 'rate limiter', 'RateLimiter', 'rate-limiter']) {
      const res = await recall(h, p, p.reader, { q, explain: 'true' });
      expect(new Set(ids(res.items)), q).toEqual(new Set([camel.id, snake.id, words.id]));
    }
    const exact = await recall(h, p, p.reader, { q: 'rate_limiter', explain: 'true' });
    expect(exact.items[0]?.id).toBe(snake.id);
    expect(rulesOf(exact.items[0])).toEqual({ rate_limiter: 'identifier:rate_limiter' });
    expect(rulesOf(exact.items.find((i) => i.id === camel.id))).toEqual({
      rate_limiter: 'joined:ratelimiter',
    });
    expect(rulesOf(exact.items.find((i) => i.id === words.id))).toEqual({
      rate_limiter: 'parts:rate limiter',
    });
    // One word the project knows (joined identifiers) matches them as written.
    expect(new Set(ids((await recall(h, p, p.reader, { q: 'ratelimiter' })).items))).toEqual(
      new Set([camel.id, snake.id]),
    );
    // One word the project does not know is tried as two it does.
    const q = await freshProject(h, t);
    const apart = await created(h, q, q.writer, 'note', 'The token bucket refills every second');
    const split = await recall(h, q, q.reader, { q: 'tokenbucket', explain: 'true' });
    expect(ids(split.items)).toEqual([apart.id]);
    expect(rulesOf(split.items[0])).toEqual({ tokenbucket: 'split:token bucket' });
  });

  it('matches a word written joined against its hyphenated form, and apart too', async () => {
    const p = await freshProject(h, t);
    const hyphen = await created(h, p, p.writer, 'caveat', 'Staging is read-only during the data refresh');
    const dlq = await created(h, p, p.writer, 'decision', 'Poison messages go to a dead-letter queue');
    const apart = await created(h, p, p.writer, 'note', 'The dead letter queue is drained by hand');
    const other = await created(h, p, p.writer, 'note', 'Only the reports job can read the ledger');
    const res = await recall(h, p, p.reader, { q: 'readonly staging', explain: 'true' });
    expect(ids(res.items)[0]).toBe(hyphen.id);
    expect(rulesOf(res.items[0])).toEqual({ readonly: 'joined:readonly', staging: 'stem:staging' });
    expect(ids(res.items)).not.toContain(other.id);
    const both = await recall(h, p, p.reader, { q: 'deadletter', explain: 'true' });
    expect(new Set(ids(both.items))).toEqual(new Set([dlq.id, apart.id]));
    expect(rulesOf(both.items.find((i) => i.id === dlq.id))).toEqual({ deadletter: 'joined:deadletter' });
    expect(rulesOf(both.items.find((i) => i.id === apart.id))).toEqual({ deadletter: 'split:dead letter' });
    // The hyphenated form asks for its words, as before.
    expect(ids((await recall(h, p, p.reader, { q: 'dead-letter' })).items)).toEqual(
      expect.arrayContaining([dlq.id, apart.id]),
    );
  });

  it('corrects a long word never written even when another word has its stem', async () => {
    const p = await freshProject(h, t);
    const recon = await created(h, p, p.writer, 'decision', 'The nightly reconciliation job opens a ticket');
    const verb = await created(h, p, p.writer, 'note', 'Finance reconciles payouts in their own tool');
    // `reconcilation` is not written; its stem is the stem of `reconciles`.
    const res = await recall(h, p, p.reader, { q: 'reconcilation', explain: 'true' });
    expect(new Set(ids(res.items))).toEqual(new Set([recon.id, verb.id]));
    expect(res.query?.corrections).toEqual({ reconcilation: 'reconciliation' });
    expect(rulesOf(res.items.find((i) => i.id === recon.id))).toEqual({
      reconcilation: 'typo:reconciliation',
    });
    expect(rulesOf(res.items.find((i) => i.id === verb.id))).toEqual({ reconcilation: 'stem:reconcilation' });
    // An inflection of a written word is not a typo, however long; nor is a short word.
    const q = await freshProject(h, t);
    await created(h, q, q.writer, 'note', 'Each payment is tested against the nested ledger');
    for (const word of ['payments', 'testing', 'tests'])
      expect((await recall(h, q, q.reader, { q: word, explain: 'true' })).query?.corrections, word).toEqual(
        {},
      );
  });

  it('explains a match by its most exact rule', async () => {
    const p = await freshProject(h, t);
    const m = await created(
      h,
      p,
      p.writer,
      'decision',
      'computeTaxLines rounds each line; see packages/tax/src/computeTaxLines.ts for computeTaxLines',
    );
    const res = await recall(h, p, p.reader, { q: 'computeTaxLines', explain: 'true' });
    expect(ids(res.items)).toEqual([m.id]);
    expect(rulesOf(res.items[0])).toEqual({ computetaxlines: 'identifier:computetaxlines' });
  });

  it('corrects a swap of two letters and other one-edit typos, two edits in long words', async () => {
    const p = await freshProject(h, t);
    const pay = await created(h, p, p.writer, 'problem', 'A payment was captured twice after a retry');
    const idem = await created(h, p, p.writer, 'decision', 'Every webhook carries an idempotency key');
    for (const [q, fixed, id] of [
      ['paymnet', 'payment', pay.id],
      ['pyament', 'payment', pay.id],
      ['idempotncy', 'idempotency', idem.id],
      ['idmepotnecy', 'idempotency', idem.id],
    ] as const) {
      const res = await recall(h, p, p.reader, { q, explain: 'true' });
      expect(ids(res.items), q).toEqual([id]);
      expect(res.query?.corrections).toEqual({ [q]: fixed });
      expect(rulesOf(res.items[0])).toEqual({ [q]: `typo:${fixed}` });
    }
    // A known word is never "corrected", and a short unknown word is left alone.
    expect((await recall(h, p, p.reader, { q: 'pay', explain: 'true' })).query?.corrections).toEqual({});
  });

  it('ranks by when things happened, not when they were stored', async () => {
    const p = await freshProject(h, t);
    const past = await created(h, p, p.writer, 'decision', 'The ledger export runs nightly', {
      occurred_at: new Date(h.clock.now().getTime() - 700 * DAY).toISOString(),
    });
    const now = await created(h, p, p.writer, 'decision', 'The ledger export runs hourly');
    const res = await recall(h, p, p.reader, { q: 'ledger export', explain: 'true' });
    expect(ids(res.items)).toEqual([now.id, past.id]);
    expect(res.items[1]?.occurred_at).toBe(past.occurred_at);
    expect(res.items[1]?.explain?.recency).toBeLessThan(res.items[0]!.explain!.recency);
  });

  it('sees every write at once: new, edited, re-typed, deleted', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The platypus feeder is refilled on Mondays');
    expect(ids((await recall(h, p, p.reader, { q: 'platypus' })).items)).toEqual([m.id]);
    await patched(h, p.writer, m.id, { content: 'The echidna feeder is refilled on Mondays' });
    expect((await recall(h, p, p.reader, { q: 'platypus' })).items).toEqual([]);
    expect(ids((await recall(h, p, p.reader, { q: 'echidna' })).items)).toEqual([m.id]);
    await patched(h, p.maintainer, m.id, { status: 'rejected' });
    expect((await recall(h, p, p.reader, { q: 'echidna' })).items).toEqual([]);
    expect(ids((await recall(h, p, p.reader, { q: 'echidna', status: 'rejected' })).items)).toEqual([m.id]);
    expect((await deleteMemory(h, p.maintainer, m.id)).statusCode).toBe(204);
    expect((await recall(h, p, p.reader, { q: 'echidna', status: 'rejected' })).items).toEqual([]);
  });

  it('answers a memory recalled before with what it holds now', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The wombat burrow is inspected weekly');
    const before = (await recall(h, p, p.reader, { q: 'wombat burrow' })).items[0];
    expect(before).toMatchObject({ id: m.id, content: 'The wombat burrow is inspected weekly', version: 1 });
    await patched(h, p.writer, m.id, {
      content: 'The wombat burrow is inspected daily',
      metadata: { owner: 'ops' },
    });
    const after = (await recall(h, p, p.reader, { q: 'wombat burrow' })).items[0];
    expect(after).toMatchObject({ id: m.id, content: 'The wombat burrow is inspected daily', version: 2 });
    expect(after?.metadata).toEqual({ owner: 'ops' });
  });
});
