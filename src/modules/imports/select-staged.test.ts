import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { memoriesOf } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  importLog,
  pipelineHelpers,
  placeOf,
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

const { extractedNotes } = pipelineHelpers(h, () => t);

interface SelectAnswer {
  import_id: string;
  selected: boolean;
  matched: number;
  changed: number;
  already_committed: number;
  by_type: Array<{ type: string; staged: number; selected: number; committed: number }>;
}

const postSelect = (as: TestUser, id: string, body: unknown) =>
  h.request('POST', `/v1/imports/${id}/staged/select`, { as, body });

async function selectOk(as: TestUser, id: string, body: unknown): Promise<SelectAnswer> {
  const res = await postSelect(as, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SelectAnswer;
}

/** The counts of each type, computed here from the staged list, in the answer's order. */
function countsOf(staged: StagedMemory[], order: string[]): SelectAnswer['by_type'] {
  return order.map((type) => {
    const ofType = staged.filter((s) => s.type === type);
    return {
      type,
      staged: ofType.length,
      selected: ofType.filter((s) => s.selected && s.memory_id === null).length,
      committed: ofType.filter((s) => s.memory_id !== null).length,
    };
  });
}

/** notes.md stages decisions, constraints, problems and a caveat: the memory types' own order. */
const NOTES_TYPES = ['decision', 'constraint', 'problem', 'caveat'];

const selectEntries = async (ws: string) =>
  (await importLog(h, ws)).filter((e) => e.action === 'import.staged_selected');

describe('POST /v1/imports/:id/staged/select', () => {
  it('deselects and selects by type, touching no other type, and answers the counts of every type', async () => {
    const { p, id, staged } = await extractedNotes();
    const decisions = staged.filter((s) => s.type === 'decision');
    expect(decisions.length).toBeGreaterThan(0);
    expect(staged.length - decisions.length).toBeGreaterThan(0);

    const off = await selectOk(p.writer, id, { selected: false, types: ['decision', 'note'] });
    const after = await stagedOf(h, id);
    expect(after).toEqual(staged.map((s) => (s.type === 'decision' ? { ...s, selected: false } : s)));
    expect(off).toEqual({
      import_id: id,
      selected: false,
      matched: decisions.length,
      changed: decisions.length,
      already_committed: 0,
      by_type: countsOf(after, NOTES_TYPES),
    });
    expect(off.by_type.find((c) => c.type === 'decision')).toMatchObject({ selected: 0 });

    // Asked again: nothing left to change.
    const again = await selectOk(p.writer, id, { selected: false, types: ['decision'] });
    expect(again).toMatchObject({ matched: decisions.length, changed: 0 });
    expect(await stagedOf(h, id)).toEqual(after);

    const on = await selectOk(p.writer, id, { selected: true, types: ['decision', 'decision'] });
    expect(on).toMatchObject({ selected: true, matched: decisions.length, changed: decisions.length });
    expect(await stagedOf(h, id)).toEqual(staged);
  });

  it('deselects and selects all of them', async () => {
    const { p, id, staged } = await extractedNotes();
    const none = await selectOk(p.writer, id, { selected: false, all: true });
    expect(none).toMatchObject({ matched: staged.length, changed: staged.length, already_committed: 0 });
    expect(none.by_type.map((c) => c.selected)).toEqual([0, 0, 0, 0]);
    expect((await stagedOf(h, id)).every((s) => !s.selected)).toBe(true);
    const all = await selectOk(p.maintainer, id, { selected: true, all: true });
    expect(all).toMatchObject({ matched: staged.length, changed: staged.length });
    expect(await stagedOf(h, id)).toEqual(staged);
  });

  it('changes exactly the ids given (repeats counted once) and never another import', async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const chosen = [staged[1]!.id, staged[4]!.id];
    const res = await selectOk(p.writer, id, { selected: false, staged_ids: [...chosen, chosen[0]] });
    expect(res).toMatchObject({ matched: 2, changed: 2, already_committed: 0 });
    const after = await stagedOf(h, id);
    expect(after).toEqual(staged.map((s) => (chosen.includes(s.id) ? { ...s, selected: false } : s)));
    expect(res.by_type).toEqual(countsOf(after, NOTES_TYPES));
    expect(await stagedOf(h, other.id)).toEqual(other.staged);
  });

  it("answers 400 naming ids that are not this import's (another import's, made up), changing nothing", async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const foreign = other.staged[0]!.id;
    const madeUp = 'stg_00000000000000000000000000';
    for (const [ids, named] of [
      [[staged[0]!.id, foreign], foreign],
      [[madeUp], madeUp],
      [[foreign, ...other.staged.slice(1).map((s) => s.id)], foreign],
      // As many as allowed, none of them known.
      [Array.from({ length: 5000 }, (_, i) => `stg_${String(i).padStart(26, '0')}`), 'stg_0000'],
    ] as Array<[string[], string]>) {
      const error = expectInvalid(
        await postSelect(p.writer, id, { selected: false, staged_ids: ids }),
        'body.staged_ids',
      );
      expect(error.message).toContain(named);
    }
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await stagedOf(h, other.id)).toEqual(other.staged);
    expect(await selectEntries(p.ws).then((log) => log.filter((e) => e.target.id === id))).toEqual([]);
  });

  it('leaves committed staged memories as they are, counting them as already_committed', async () => {
    const { p, id, staged } = await extractedNotes();
    const done = [staged[0]!.id, staged[3]!.id];
    await stepOk(h, p.writer, id, 'commit', { staged_ids: done });
    const committed = await stagedOf(h, id);
    const memories = await memoriesOf(h, placeOf(p));

    const none = await selectOk(p.writer, id, { selected: false, all: true });
    expect(none).toMatchObject({ matched: staged.length, changed: staged.length - 2, already_committed: 2 });
    const after = await stagedOf(h, id);
    expect(after).toEqual(committed.map((s) => (done.includes(s.id) ? s : { ...s, selected: false })));
    expect(none.by_type).toEqual(countsOf(after, NOTES_TYPES));
    expect(none.by_type.reduce((n, c) => n + c.committed, 0)).toBe(2);

    const byId = await selectOk(p.writer, id, { selected: true, staged_ids: [done[0], staged[1]!.id] });
    expect(byId).toMatchObject({ matched: 2, changed: 1, already_committed: 1 });
    const committedType = staged[0]!.type;
    const byType = await selectOk(p.writer, id, { selected: true, types: [committedType] });
    expect(byType.already_committed).toBe(
      staged.filter((s) => done.includes(s.id) && s.type === committedType).length,
    );
    expect(await memoriesOf(h, placeOf(p))).toEqual(memories);
    expect((await stagedOf(h, id)).filter((s) => done.includes(s.id))).toEqual(
      committed.filter((s) => done.includes(s.id)),
    );
  });

  it('writes one import.staged_selected entry per request that changed something, none otherwise', async () => {
    const { p, id, staged } = await extractedNotes();
    const offTypes = staged.filter((s) => s.type === 'problem' || s.type === 'constraint');
    expect(offTypes.length).toBeGreaterThan(2);
    await selectOk(p.writer, id, { selected: false, types: ['problem', 'constraint'] });
    await selectOk(p.writer, id, { selected: false, types: ['problem'] });
    const back = [offTypes[0]!.id, offTypes[1]!.id];
    await selectOk(p.maintainer, id, { selected: true, staged_ids: back });
    await selectOk(p.maintainer, id, { selected: true, all: true });
    await selectOk(p.maintainer, id, { selected: true, all: true });
    const entries = (await selectEntries(p.ws)).filter((e) => e.target.id === id).reverse();
    const place = { workspace_key: p.ws, project_key: p.project, import_id: id };
    expect(
      entries.map((e) => ({
        by: e.actor.user_id,
        target: e.target.type,
        correlation: e.correlation_id,
        params: e.target.params,
      })),
    ).toEqual([
      {
        by: p.writer.id,
        target: 'import',
        correlation: id,
        params: {
          ...place,
          selected: false,
          by: 'types',
          types: ['problem', 'constraint'],
          changed: offTypes.length,
          already_committed: 0,
        },
      },
      {
        by: p.maintainer.id,
        target: 'import',
        correlation: id,
        params: {
          ...place,
          selected: true,
          by: 'staged_ids',
          requested: 2,
          changed: 2,
          already_committed: 0,
        },
      },
      {
        by: p.maintainer.id,
        target: 'import',
        correlation: id,
        params: { ...place, selected: true, by: 'all', changed: offTypes.length - 2, already_committed: 0 },
      },
    ]);
  });

  it('answers 400 to bad bodies, 413 to an oversized one, and changes nothing', async () => {
    const { p, id, staged } = await extractedNotes();
    const one = staged[0]!.id;
    const bad: Array<[unknown, string]> = [
      [{}, 'body.selected'],
      [{ all: true }, 'body.selected'],
      [{ selected: 'false', all: true }, 'body.selected'],
      [{ selected: null, all: true }, 'body.selected'],
      [{ selected: 1, types: ['note'] }, 'body.selected'],
      [{ selected: true }, 'body'],
      [{ selected: true, all: true, types: ['note'] }, 'body'],
      [{ selected: true, types: ['note'], staged_ids: [one] }, 'body'],
      [{ selected: true, all: true, staged_ids: [one] }, 'body'],
      [{ selected: true, all: false }, 'body.all'],
      [{ selected: true, all: 'yes' }, 'body.all'],
      [{ selected: true, types: [] }, 'body.types'],
      [{ selected: true, types: 'decision' }, 'body.types'],
      [{ selected: true, types: ['bogus'] }, 'body.types.0'],
      [{ selected: true, types: ['Decision'] }, 'body.types.0'],
      [{ selected: true, types: [null] }, 'body.types.0'],
      [{ selected: true, types: Array.from({ length: 10 }, () => 'note') }, 'body.types'],
      [{ selected: true, staged_ids: [] }, 'body.staged_ids'],
      [{ selected: true, staged_ids: one }, 'body.staged_ids'],
      [{ selected: true, staged_ids: ['mem_0001'] }, 'body.staged_ids.0'],
      [{ selected: true, staged_ids: [`stg_${'A'.repeat(80)}`] }, 'body.staged_ids.0'],
      [{ selected: true, staged_ids: Array.from({ length: 5001 }, () => one) }, 'body.staged_ids'],
      [{ selected: true, all: true, extra: 1 }, 'body'],
      [[{ selected: true, all: true }], 'body'],
      ...HOSTILE_STRINGS.flatMap((s): Array<[unknown, string]> => [
        [{ selected: true, types: [s] }, 'body.types.0'],
        [{ selected: true, staged_ids: [s] }, 'body.staged_ids.0'],
      ]),
    ];
    for (const [body, path] of bad) expectInvalid(await postSelect(p.writer, id, body), path);
    const huge = { selected: false, staged_ids: Array.from({ length: 40_000 }, () => one) };
    expectError(await postSelect(p.writer, id, huge), 413, 'payload_too_large');
    const text = await h.request('POST', `/v1/imports/${id}/staged/select`, {
      as: p.writer,
      headers: { 'content-type': 'text/plain' },
      body: 'selected=false&all=true',
    });
    expectError(text, 415, 'unsupported_media_type');
    expect(await stagedOf(h, id)).toEqual(staged);
    expect((await selectEntries(p.ws)).filter((e) => e.target.id === id)).toEqual([]);
  });

  it('follows raw_access_min_role: with maintainer, a writer gets 403 and nothing changes', async () => {
    const strict = await h.workspace(
      [
        [t.writer, 'member'],
        [t.maintainer, 'member'],
      ],
      { raw_access_min_role: 'maintainer' },
    );
    const project = await h.project(strict, [
      [t.writer, 'writer'],
      [t.maintainer, 'maintainer'],
    ]);
    const { extracted } = await runPipeline(
      h,
      t.maintainer,
      { ws: strict, project, file: 'notes.md' },
      'extract',
    );
    const id = extracted!.id;
    const staged = await stagedOf(h, id);
    expectError(await postSelect(t.writer, id, { selected: false, all: true }), 403, 'forbidden');
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await selectOk(t.maintainer, id, { selected: false, all: true })).toMatchObject({
      changed: staged.length,
    });
  });
});
