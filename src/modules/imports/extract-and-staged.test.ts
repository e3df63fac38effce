import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { created, memoriesOf } from '../memories/memories.fixtures.ts';
import { MEMORY_TYPES } from '../tenancy/index.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { MAX_SCANNED_CHARS } from './extract-candidates.ts';
import {
  patchStaged,
  pipelineHelpers,
  placeOf,
  projectIdOf,
  rawMessageIds,
  runPipeline,
  stagedOf,
  stepOk,
  type StagedMemory,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { fresh, extractedNotes } = pipelineHelpers(h, () => t);

describe('extract', () => {
  it('stages typed memory candidates, selected, each pointing at its raw message', async () => {
    const p = await fresh();
    const { parsed, extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    expect(extracted!.stats).toMatchObject({
      ...parsed.stats,
      staged: 7,
      already_remembered: 0,
      repeated: 0,
    });
    expect(extracted!.stats.candidates).toBe(7);
    const staged = await stagedOf(h, extracted!.id, p.writer);
    expect(staged).toHaveLength(7);
    const rawIds = await rawMessageIds(h, await projectIdOf(h, extracted!.id));
    for (const s of staged) {
      expect(s).toMatchObject({ selected: true, memory_id: null, redactions: 0 });
      expect(s.id).toMatch(/^stg_/);
      expect(MEMORY_TYPES).toContain(s.type);
      expect(rawIds).toContain(s.raw_message_id);
      expect(s.content.length).toBeGreaterThan(0);
    }
    expect(new Set(staged.map((s) => s.type))).toEqual(
      new Set(['decision', 'constraint', 'problem', 'caveat']),
    );
    expect(staged.find((s) => s.type === 'decision')?.content).toMatch(/advisory locks for the invoice job/);
    expect(await memoriesOf(h, placeOf(p))).toEqual([]);
  });

  it("dates each staged memory by its message's time in the transcript, not by the import", async () => {
    const p = await fresh();
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' },
      'extract',
    );
    const staged = await stagedOf(h, extracted!.id, p.writer);
    expect(staged.length).toBeGreaterThan(0);
    // The fixture's messages were written on 2025-03-11 and 12.
    for (const s of staged) expect(['2025-03-11', '2025-03-12']).toContain(s.occurred_at.slice(0, 10));
  });

  it('reads a long message only up to a complete line, never a statement cut at the read limit', async () => {
    const p = await fresh();
    const decision = 'We decided to keep the advisory lock on the invoice job for every single run.';
    // The decision straddles character MAX_SCANNED_CHARS of the long message.
    const long = `${'zzzz\n'.repeat((MAX_SCANNED_CHARS - 30) / 5)}${decision}\n${'zzzz\n'.repeat(2000)}`;
    const line = (uuid: string, content: string) =>
      JSON.stringify({ type: 'user', sessionId: 'S', uuid, message: { role: 'user', content } });
    const file = {
      name: 'long.jsonl',
      content: Buffer.from(`${line('u1', decision)}\n${line('u2', long)}\n`),
    };
    const { extracted } = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    expect((await stagedOf(h, extracted!.id)).map((s) => s.content)).toEqual([decision]);
    expect(extracted!.stats).toMatchObject({ candidates: 1, staged: 1 });
  });

  it('reads every message once across sessions of every size (pages of a long session, small ones together)', async () => {
    const p = await fresh();
    const line = (session: string, n: number) =>
      JSON.stringify({
        type: n % 2 ? 'assistant' : 'user',
        sessionId: session,
        uuid: `${session}-${n}`,
        message: {
          role: n % 2 ? 'assistant' : 'user',
          content: `We decided to route invoice batch ${session} number ${n} through its own queue.`,
        },
      });
    // 1,203 messages in one session (pages of 500 end inside it), then three small ones.
    const sizes: [string, number][] = [
      ['big', 1203],
      ['s1', 3],
      ['s2', 1],
      ['s3', 4],
    ];
    const lines = sizes.flatMap(([session, count]) =>
      Array.from({ length: count }, (_, n) => line(session, n)),
    );
    const file = { name: 'many.jsonl', content: Buffer.from(`${lines.join('\n')}\n`) };
    const { extracted } = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    expect(extracted!.stats).toMatchObject({ candidates: 1211, staged: 1211, repeated: 0 });
    const staged = await stagedOf(h, extracted!.id);
    expect(staged).toHaveLength(1211);
    expect(new Set(staged.map((s) => s.raw_message_id)).size).toBe(1211);
  });

  it('cites the repository files a message names, and commit carries them to the memory', async () => {
    const p = await fresh();
    const line = (uuid: string, role: 'user' | 'assistant', content: string) =>
      JSON.stringify({ type: role, sessionId: 'S', uuid, message: { role, content } });
    const messages = [
      line(
        'u1',
        'user',
        'We decided to compute tax lines in `src/billing/invoice.ts` and to round refunds in src/billing/refund.ts:42 from now on.',
      ),
      line(
        'a1',
        'assistant',
        [
          'Looked at web/app/page.tsx:12, https://github.com/acme/api/blob/main/src/url.ts, /home/me/api/src/abs.ts,',
          '../outside/up.ts, ~/notes/todo.md, node_modules/pkg/index.js and docs/a.md, docs/b.md, docs/a.md, docs/c.md, docs/d.md, docs/e.md (and/or CI/CD).',
          '',
          'We decided to never retry a payment twice.',
        ].join('\n'),
      ),
      line(
        'u2',
        'user',
        'Invoice numbers must always be unique per tenant; the numbering lives in `src/billing/numbering/`.',
      ),
      line('u3', 'user', 'We decided to keep advisory locks for the invoice job.'),
    ];
    const file = { name: 'cites.jsonl', content: Buffer.from(`${messages.join('\n')}\n`) };
    const { extracted } = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    const staged = await stagedOf(h, extracted!.id, p.writer);
    const citesOf = (start: string) => {
      const found = staged.find((s) => s.content.startsWith(start));
      expect(found, `${start} in ${JSON.stringify(staged.map((s) => s.content))}`).toBeDefined();
      return found!.metadata;
    };
    // A statement's own paths, a :42 line suffix dropped.
    expect(citesOf('We decided to compute tax lines')).toEqual({
      cites: [{ path: 'src/billing/invoice.ts' }, { path: 'src/billing/refund.ts' }],
    });
    // A statement naming none gets its message's: no URL, absolute, home or outside path, no
    // dependency, no repeats, at most five.
    expect(citesOf('We decided to never retry a payment twice')).toEqual({
      cites: ['web/app/page.tsx', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md'].map((path) => ({
        path,
      })),
    });
    // A folder in backticks.
    expect(citesOf('Invoice numbers must always be unique')).toEqual({
      cites: [{ path: 'src/billing/numbering' }],
    });
    expect(citesOf('We decided to keep advisory locks')).toEqual({});

    const committed = await stepOk(h, p.writer, extracted!.id, 'commit');
    expect(committed.status).toBe('committed');
    const memories = await memoriesOf(h, placeOf(p));
    const metadataOf = (start: string) => memories.find((m) => m.content.startsWith(start))?.metadata;
    expect(metadataOf('We decided to compute tax lines')).toEqual({
      cites: [{ path: 'src/billing/invoice.ts' }, { path: 'src/billing/refund.ts' }],
      import_id: extracted!.id,
    });
    expect(metadataOf('We decided to keep advisory locks')).toEqual({ import_id: extracted!.id });
    // What the bundle shows a client to check.
    const bundle = await h.request('GET', '/v1/context/bundle', {
      as: p.reader,
      query: { workspace_key: p.ws, project_key: p.project },
    });
    const decisions = (
      bundle.json() as { snapshot: { top_decisions: Array<{ text: string; cites?: unknown }> } }
    ).snapshot.top_decisions;
    expect(decisions.find((d) => d.text.startsWith('We decided to compute tax lines'))?.cites).toEqual([
      { path: 'src/billing/invoice.ts' },
      { path: 'src/billing/refund.ts' },
    ]);
  });

  it('pages the staged list', async () => {
    const p = await fresh();
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    const all = await stagedOf(h, extracted!.id);
    const seen: StagedMemory[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.request('GET', `/v1/imports/${extracted!.id}/staged`, {
        as: p.writer,
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: StagedMemory[]; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('leaves out what the project already remembers, counting it as already_remembered', async () => {
    const probe = await fresh();
    const { extracted: first } = await runPipeline(
      h,
      probe.writer,
      { ws: probe.ws, project: probe.project, file: 'claude-code-session.jsonl' },
      'extract',
    );
    const candidates = await stagedOf(h, first!.id);
    expect(candidates.length).toBeGreaterThan(2);
    const known = candidates[1]!;

    const p = await fresh();
    await created(h, placeOf(p), p.writer, known.type, known.content);
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' },
      'extract',
    );
    expect(extracted!.stats).toMatchObject({
      candidates: candidates.length,
      staged: candidates.length - 1,
      already_remembered: 1,
    });
    const staged = await stagedOf(h, extracted!.id);
    expect(staged.map((s) => s.content)).toEqual(candidates.filter((c) => c !== known).map((c) => c.content));
  });
});

describe('PATCH /v1/imports/:id/staged/:stagedId', () => {
  it('answers 409 once the staged memory is committed', async () => {
    const { p, id, staged } = await extractedNotes();
    await stepOk(h, p.writer, id, 'commit', { staged_ids: [staged[0]!.id] });
    const committedOne = (await stagedOf(h, id))[0]!;
    for (const body of [{ selected: false }, { content: 'changed' }, { type: 'note' }]) {
      const error = expectError(await patchStaged(h, p.writer, id, staged[0]!.id, body), 409, 'conflict');
      expect(error.message).toContain('already committed');
    }
    expect((await stagedOf(h, id))[0]).toEqual(committedOne);
    const stillOpen = await patchStaged(h, p.writer, id, staged[1]!.id, { selected: false });
    expect(stillOpen.statusCode, stillOpen.body).toBe(200);
  });

  it('answers 409 to an edit that would duplicate another staged memory of the import', async () => {
    const { p, id, staged } = await extractedNotes();
    const [a, b] = staged as [StagedMemory, StagedMemory];
    const res = await patchStaged(h, p.writer, id, b.id, {
      type: a.type,
      content: `  ${a.content.toUpperCase()} `,
    });
    expectError(res, 409, 'conflict');
    expect(await stagedOf(h, id)).toEqual(staged);
  });

  it('answers 400 to bad bodies and 404 to a staged memory of another import, changing nothing', async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const target = staged[0]!;
    const bad: Array<[unknown, string]> = [
      [{}, 'body.selected'],
      [{ selected: 'yes' }, 'body.selected'],
      [{ type: 'bogus' }, 'body.type'],
      [{ content: '' }, 'body.content'],
      [{ content: '   ' }, 'body.content'],
      [{ content: 'x'.repeat(100_000) }, 'body.content'],
      [{ content: 'nul \u0000 inside' }, 'body.content'],
      [{ memory_id: 'mem_1' }, 'body'],
    ];
    for (const [body, path] of bad) expectInvalid(await patchStaged(h, p.writer, id, target.id, body), path);
    expectError(
      await patchStaged(h, p.writer, id, other.staged[0]!.id, { selected: false }),
      404,
      'not_found',
    );
    expectInvalid(await patchStaged(h, p.writer, id, 'not-staged', { selected: false }), 'params.stagedId');
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await stagedOf(h, other.id)).toEqual(other.staged);
  });
});
