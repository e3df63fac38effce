import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  getImport,
  pipelineHelpers,
  postStep,
  stepOk,
  uploaded,
  type ImportAnswer,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { fresh } = pipelineHelpers(h, () => t);

describe('order of steps', () => {
  it('answers 409 to a step out of order and changes nothing', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    const expectRefused = async (step: 'parse' | 'extract' | 'commit', status: ImportAnswer['status']) => {
      const before = (await getImport(h, p.writer, up.id)).json() as ImportAnswer;
      const error = expectError(await postStep(h, p.writer, up.id, step), 409, 'conflict');
      expect(error.message).toContain(`Import is ${status}`);
      expect((await getImport(h, p.writer, up.id)).json()).toEqual(before);
    };
    await expectRefused('extract', 'uploaded');
    await expectRefused('commit', 'uploaded');
    await stepOk(h, p.writer, up.id, 'parse');
    await expectRefused('parse', 'parsed');
    await expectRefused('commit', 'parsed');
    await stepOk(h, p.writer, up.id, 'extract');
    await expectRefused('parse', 'extracted');
    await expectRefused('extract', 'extracted');
    await stepOk(h, p.writer, up.id, 'commit');
    await expectRefused('parse', 'committed');
    await expectRefused('extract', 'committed');
  });

  it('refuses a body on parse and extract (400)', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    expectInvalid(await postStep(h, p.writer, up.id, 'parse', { force: true }), 'body');
    expect((await getImport(h, p.writer, up.id)).json()).toMatchObject({ status: 'uploaded' });
  });
});
