import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, type RouteCall } from '../../test/security-matrix.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  deleteMemory,
  freshProject,
  getMemory,
  historyOf,
  memoryLog,
  memoryState,
  MINUTE,
  patched,
  patchMemory,
  readMemory,
  recall,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

describe('DELETE /v1/memories/:id', () => {
  it('needs a maintainer, answers 204 and keeps the history with a last deleted version', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'caveat', 'The sandbox resets hourly', {
      metadata: { subpath: 'infra' },
    });
    const v2 = await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    const before = await memoryState(h, p);
    const call: RouteCall = { method: 'DELETE', url: `/v1/memories/${m.id}` };
    await expectForbiddenFor(h, p.writer, call);
    await expectForbiddenFor(h, p.reader, call);
    expect(await memoryState(h, p)).toEqual(before);

    h.clock.advance(MINUTE);
    const res = await deleteMemory(h, p.maintainer, m.id, { workspace_key: p.ws });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectError(await getMemory(h, p.maintainer, m.id), 404, 'not_found');
    expectError(await patchMemory(h, p.maintainer, m.id, { content: 'back' }), 404, 'not_found');
    expectError(await deleteMemory(h, p.maintainer, m.id), 404, 'not_found');
    expect((await recall(h, p, p.reader, { status: 'draft,confirmed,rejected' })).items).toEqual([]);
    expect((await recall(h, p, p.reader, { q: 'sandbox resets' })).items).toEqual([]);

    const history = await historyOf(h, m.id, p.reader);
    expect(history.map((v) => [v.version, v.change])).toEqual([
      [3, 'deleted'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    expect(history[0]).toMatchObject({
      memory_id: m.id,
      type: 'caveat',
      content: 'The sandbox resets hourly',
      status: 'confirmed',
      metadata: { subpath: 'infra' },
      changed_by: p.maintainer.id,
    });
    expect(new Date(history[0]!.changed_at).getTime()).toBeGreaterThan(new Date(v2.updated_at).getTime());
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      action: 'memory.deleted',
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          type: 'caveat',
          status: 'confirmed',
        },
      },
      actor: { user_id: p.maintainer.id },
    });
    // The text can be remembered again as a new memory.
    const again = await created(h, p, p.writer, 'caveat', 'The sandbox resets hourly');
    expect(again.id).not.toBe(m.id);
  });

  it('lets a workspace admin delete', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Delete me');
    expect((await deleteMemory(h, p.admin, m.id)).statusCode).toBe(204);
    expect(await readMemory(h, m.id)).toBeNull();
  });
});
