import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { deadOwner, markRunning, whileRunningHere } from './claims.fixtures.ts';
import {
  getImport,
  importLog,
  pipelineHelpers,
  postStep,
  stepOk,
  uploaded,
  type ImportAnswer,
} from './imports.fixtures.ts';
import { sweepImports } from './sweep-imports.ts';

const h = useHarness();
const HOUR = 3_600_000;

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { fresh } = pipelineHelpers(h, () => t);

/** The sweep as the server runs it (a system actor), at `now`. */
const sweepAt = (now: () => Date) => {
  const ctx: Ctx = { ...h.ctxFor(h.admin), actor: { kind: 'system', name: 'import-sweep' }, now };
  return sweepImports({ ctx });
};
const uploadFile = (id: string) => join(h.config.importDir, 'files', id);
const read = async (p: Team, id: string) => (await getImport(h, p.writer, id)).json() as ImportAnswer;

describe('the import sweep', () => {
  it('fails and audits uploads never parsed within the retention, removing their file; leaves the rest', async () => {
    const p = await fresh();
    const upload = () => uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    const stale = await upload();
    const running = await upload();
    const parsed = await upload();
    await stepOk(h, p.writer, parsed.id, 'parse');
    h.clock.advance(72 * HOUR + 60_000);
    const young = await upload();

    const result = await whileRunningHere(h, running.id, 'parse', () => sweepAt(h.clock.now));
    expect(result).toMatchObject({ expired: 1 });

    const expired = await read(p, stale.id);
    expect(expired).toMatchObject({
      status: 'failed',
      running_step: null,
      error: 'The upload was removed after 72 hours without being parsed; upload the file again',
    });
    expect(existsSync(uploadFile(stale.id))).toBe(false);
    const error = expectError(await postStep(h, p.writer, stale.id, 'parse'), 409, 'conflict');
    expect(error.message).toContain('Import is failed');
    const [entry] = (await importLog(h, p.ws)).filter((e) => e.action === 'import.expired');
    expect(entry).toMatchObject({
      actor: { user_id: null, system: 'import-sweep' },
      target: {
        type: 'import',
        id: stale.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          import_id: stale.id,
          file_name: 'notes.md',
          retention_hours: 72,
        },
      },
    });

    for (const kept of [running, young]) {
      expect((await read(p, kept.id)).status).toBe('uploaded');
      expect(existsSync(uploadFile(kept.id))).toBe(true);
    }
    expect((await read(p, parsed.id)).status).toBe('parsed');
    // Its step over (the claim ended), the stale upload that was running expires at the next sweep.
    expect(await sweepAt(h.clock.now)).toMatchObject({ expired: 1 });
    expect((await read(p, running.id)).status).toBe('failed');
    expect((await read(p, young.id)).status).toBe('uploaded');
  });

  it('clears the claims of processes that are gone, not those of live ones', async () => {
    const p = await fresh();
    const gone = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    const live = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    await markRunning(h, gone.id, 'extract', deadOwner());
    await whileRunningHere(h, live.id, 'parse', async () => {
      expect(await sweepAt(h.clock.now)).toMatchObject({ released: 1 });
      expect((await read(p, live.id)).running_step).toBe('parse');
    });
    expect(await read(p, gone.id)).toMatchObject({ status: 'uploaded', running_step: null });
  });

  it('removes old temporary uploads, uploads no import needs any more and old files of no import', async () => {
    const p = await fresh();
    const waiting = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    const done = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    await stepOk(h, p.writer, done.id, 'parse');
    const files = join(h.config.importDir, 'files');
    const tmp = join(h.config.importDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const now = Date.now();
    const plant = (path: string, ageMs: number) => {
      writeFileSync(path, 'token ghp_Zq8Xw2Lm4Np6Rt1Vy3Bc5Df7Hj9Kk0Ms2Pu4');
      utimesSync(path, new Date(now - ageMs), new Date(now - ageMs));
      return path;
    };
    const removed = [
      plant(join(tmp, 'abandoned'), 2 * HOUR),
      plant(join(files, 'imp_01ORPHANOLD0000000000000000'), 2 * HOUR),
      plant(uploadFile(done.id), 0), // put back by hand: its import is parsed
    ];
    const kept = [
      plant(join(tmp, 'streaming-now'), 0),
      plant(join(files, 'imp_01ORPHANNEW0000000000000000'), 5 * 60_000), // its import may be being recorded
      uploadFile(waiting.id),
    ];
    const result = await sweepAt(() => new Date(now));
    expect(result).toMatchObject({ temp_files: 1, upload_files: 2 });
    expect(removed.filter((f) => existsSync(f))).toEqual([]);
    expect(kept.filter((f) => !existsSync(f))).toEqual([]);
    expect((await read(p, waiting.id)).status).toBe('uploaded');
  });
});
