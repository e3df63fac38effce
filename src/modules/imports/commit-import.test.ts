import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { memoriesOf } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  getImport,
  patchStaged,
  pipelineHelpers,
  placeOf,
  postStep,
  stagedOf,
  stepOk,
  type StagedMemory,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { extractedNotes, memoryById } = pipelineHelpers(h, () => t);

describe('commit', () => {
  it('commits only the selected staged memories, as edited, as draft memories from the import', async () => {
    const { p, id, staged } = await extractedNotes();
    const [dropped, retyped, rewritten] = staged as [StagedMemory, StagedMemory, StagedMemory];
    const off = await patchStaged(h, p.writer, id, dropped.id, { selected: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...dropped, selected: false });
    const typed = await patchStaged(h, p.writer, id, retyped.id, { type: 'caveat' });
    expect(typed.json()).toMatchObject({ id: retyped.id, type: 'caveat', content: retyped.content });
    const text = 'Invoice job: PostgreSQL advisory lock, plus a unique index as the safety net.';
    const edited = await patchStaged(h, p.writer, id, rewritten.id, { content: text, type: 'decision' });
    expect(edited.json()).toMatchObject({
      id: rewritten.id,
      type: 'decision',
      content: text,
      selected: true,
    });

    const committed = await stepOk(h, p.writer, id, 'commit');
    expect(committed.status).toBe('committed');
    expect(committed.stats).toMatchObject({ committed: 7, memories_created: 7, linked_existing: 0 });

    const after = await stagedOf(h, id);
    expect(after.find((s) => s.id === dropped.id)?.memory_id).toBeNull();
    const memories = await memoriesOf(h, placeOf(p));
    expect(memories).toHaveLength(7);
    for (const s of after.filter((x) => x.id !== dropped.id)) {
      expect(s.memory_id).toMatch(/^mem_/);
      const memory = await memoryById(s.memory_id!);
      expect(memory).toMatchObject({
        workspace_key: p.ws,
        project_key: p.project,
        type: s.type,
        content: s.content,
        source: 'import',
        status: 'draft',
        evidence_ref: `raw_message:${s.raw_message_id}`,
        occurred_at: s.occurred_at,
        created_by: p.writer.id,
      });
      expect(memory.metadata).toMatchObject({ import_id: id });
    }
    expect(memories.find((m) => m.id === after.find((s) => s.id === retyped.id)!.memory_id)?.type).toBe(
      'caveat',
    );
    expect(memories.find((m) => m.content === text)?.type).toBe('decision');
    expect(memories.some((m) => m.content === dropped.content)).toBe(false);
  });

  it('committing again commits nothing new', async () => {
    const { p, id, staged } = await extractedNotes();
    const first = await stepOk(h, p.writer, id, 'commit');
    expect(first.stats).toMatchObject({ committed: staged.length, memories_created: staged.length });
    const memories = await memoriesOf(h, placeOf(p));
    const second = await stepOk(h, p.writer, id, 'commit');
    expect(second).toMatchObject({ status: 'committed' });
    expect(second.stats).toMatchObject({ committed: staged.length, memories_created: 0 });
    expect(await memoriesOf(h, placeOf(p))).toEqual(memories);
  });

  it('two concurrent commits create each memory exactly once', async () => {
    const { p, id, staged } = await extractedNotes();
    const answers = await Promise.all([
      postStep(h, p.writer, id, 'commit'),
      postStep(h, p.maintainer, id, 'commit'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(
      [
        [200, 200],
        [200, 409],
      ],
      answers.map((a) => a.body).join('\n'),
    ).toContainEqual(statuses);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectError(a, 409, 'conflict');
    const memories = await memoriesOf(h, placeOf(p));
    expect(memories).toHaveLength(staged.length);
    const linked = (await stagedOf(h, id)).map((s) => s.memory_id);
    expect(new Set(linked).size).toBe(staged.length);
    expect(new Set(memories.map((m) => m.id))).toEqual(new Set(linked));
    expect((await stepOk(h, p.writer, id, 'commit')).stats).toMatchObject({ memories_created: 0 });
  });

  it('commits exactly the staged_ids given, then the rest', async () => {
    const { p, id, staged } = await extractedNotes();
    const chosen = [staged[2]!.id, staged[5]!.id];
    const partial = await stepOk(h, p.writer, id, 'commit', { staged_ids: [...chosen, chosen[0]] });
    expect(partial.stats).toMatchObject({ committed: 2, memories_created: 2 });
    const after = await stagedOf(h, id);
    expect(after.filter((s) => s.memory_id).map((s) => s.id)).toEqual(chosen);
    expect(await memoriesOf(h, placeOf(p))).toHaveLength(2);

    const rest = await stepOk(h, p.writer, id, 'commit');
    expect(rest.stats).toMatchObject({ committed: staged.length, memories_created: staged.length - 2 });
    expect(await memoriesOf(h, placeOf(p))).toHaveLength(staged.length);
  });

  it('answers 400 to staged ids not of this import, and to malformed ones, committing nothing', async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const foreign = other.staged[0]!.id;
    const madeUp = 'stg_00000000000000000000000000';
    const bodies: Array<[unknown, string, string?]> = [
      [{ staged_ids: [staged[0]!.id, foreign] }, 'body.staged_ids', foreign],
      [{ staged_ids: [madeUp] }, 'body.staged_ids', madeUp],
      [{ staged_ids: ['mem_0001'] }, 'body.staged_ids.0'],
      [{ staged_ids: [] }, 'body.staged_ids'],
      [{ staged_ids: 'stg_0001' }, 'body.staged_ids'],
    ];
    for (const [body, path, named] of bodies) {
      const error = expectInvalid(await postStep(h, p.writer, id, 'commit', body), path);
      if (named) expect(error.message).toContain(named);
    }
    expectInvalid(
      await postStep(h, p.writer, id, 'commit', { staged_ids: [staged[0]!.id], extra: 1 }),
      'body',
    );
    expect((await getImport(h, p.writer, id)).json()).toMatchObject({ status: 'extracted' });
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await memoriesOf(h, placeOf(p))).toEqual([]);
  });
});
