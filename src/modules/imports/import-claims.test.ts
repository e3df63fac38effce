import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedClaims } from '../../platform/db/process-claims.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { deadOwner, markRunning, whileRunningHere } from './claims.fixtures.ts';
import {
  getImport,
  pipelineHelpers,
  postStep,
  projectIdOf,
  rawMessageCount,
  stagedOf,
  stepOk,
  uploaded,
  type ImportAnswer,
  type Step,
} from './imports.fixtures.ts';

const h = useHarness();
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { fresh } = pipelineHelpers(h, () => t);

const uploadNotes = async () => {
  const p = await fresh();
  return { p, up: await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' }) };
};
const uploadFile = (id: string) => join(h.config.importDir, 'files', id);

describe('a step whose process is gone', () => {
  it('is retried at once, each step, and the import ends as one never interrupted', async () => {
    const { p, up } = await uploadNotes();
    const steps: Array<[Step, ImportAnswer['status']]> = [
      ['parse', 'parsed'],
      ['extract', 'extracted'],
      ['commit', 'committed'],
    ];
    for (const [step, status] of steps) {
      await markRunning(h, up.id, step, deadOwner());
      expect((await getImport(h, p.writer, up.id)).json()).toMatchObject({ running_step: step });
      const done = await stepOk(h, p.writer, up.id, step);
      expect(done).toMatchObject({ status, running_step: null, error: null });
    }
    const { p: q, up: clean } = await uploadNotes();
    for (const [step] of steps) await stepOk(h, q.writer, clean.id, step);
    const contents = async (id: string) =>
      (await stagedOf(h, id)).map((s) => `${s.type}:${s.content}`).sort();
    expect(await contents(up.id)).toEqual(await contents(clean.id));
    expect(await rawMessageCount(h, await projectIdOf(h, up.id))).toBe(
      await rawMessageCount(h, await projectIdOf(h, clean.id)),
    );
  });
});

describe('a step running in this process', () => {
  it('answers 409 to the same step, another step and a deletion, then is free once it ends', async () => {
    const { p, up } = await uploadNotes();
    await whileRunningHere(h, up.id, 'parse', async () => {
      const before = (await getImport(h, p.writer, up.id)).json() as ImportAnswer;
      expect(before.running_step).toBe('parse');
      const error = expectError(await postStep(h, p.writer, up.id, 'parse'), 409, 'conflict');
      expect(error.message).toBe('The parse step of this import is already running');
      expectError(await postStep(h, p.writer, up.id, 'extract'), 409, 'conflict');
      const deletion = await h.request('DELETE', `/v1/imports/${up.id}`, { as: p.writer });
      expect(expectError(deletion, 409, 'conflict').message).toContain('already running');
      expect((await getImport(h, p.writer, up.id)).json()).toEqual(before);
      expect(existsSync(uploadFile(up.id))).toBe(true);
    });
    expect(await stepOk(h, p.writer, up.id, 'parse')).toMatchObject({ status: 'parsed' });
  });

  it('names a deletion under way', async () => {
    const { p, up } = await uploadNotes();
    await whileRunningHere(h, up.id, 'delete', async () => {
      const error = expectError(await postStep(h, p.writer, up.id, 'parse'), 409, 'conflict');
      expect(error.message).toBe('This import is being deleted');
    });
  });

  it('leaves the import as it was, upload included, when the step stops with an error; a retry then works', async () => {
    const { p, up } = await uploadNotes();
    const file = uploadFile(up.id);
    renameSync(file, `${file}.away`);
    try {
      expectError(await postStep(h, p.writer, up.id, 'parse'), 500, 'internal');
    } finally {
      renameSync(`${file}.away`, file);
    }
    expect((await getImport(h, p.writer, up.id)).json()).toMatchObject({
      status: 'uploaded',
      running_step: null,
      error: null,
    });
    expect(await stepOk(h, p.writer, up.id, 'parse')).toMatchObject({ status: 'parsed' });
  });
});

describe.runIf(onPostgres)('a step running in another live process (PostgreSQL)', () => {
  it('answers 409 until that process is gone, then the step runs at once', async () => {
    const { p, up } = await uploadNotes();
    const other = await sharedClaims(h.database.url!);
    try {
      await markRunning(h, up.id, 'parse', other.begin().owner);
      expectError(await postStep(h, p.writer, up.id, 'parse'), 409, 'conflict');
    } finally {
      // Its connection closes, as when the process is killed: PostgreSQL drops its lock.
      await other.close();
    }
    expect(await stepOk(h, p.writer, up.id, 'parse')).toMatchObject({ status: 'parsed' });
  });
});
