import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { useHarness } from '../../test/harness.ts';
import { runImportStep } from '../imports/import-step-runner.ts';
import { getImport, runPipeline, stepOk, type ImportAnswer } from '../imports/imports.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { createUser } from '../users/create-user.ts';
import { chainOf, verifyChain } from './audit-scenario.fixtures.ts';
import { appendAudits } from './audit-entries.ts';

/**
 * An append whose params are not what its action takes fails the whole change, in production as in
 * tests: the change's rows are not written and the chain stays as it was. The verbs get their
 * params right by type; these tests give them wrong ones the compiler would refuse (`as never`).
 */
const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

/** The import as GET answers it, and its workspace's chain, to compare before and after. */
async function state(id: string) {
  const res = await getImport(h, t.writer, id);
  expect(res.statusCode, res.body).toBe(200);
  const { status, stats, error } = res.json() as ImportAnswer;
  return { import: { status, stats, error }, chain: await verifyChain(h, t.ws), log: await chainOf(h, t.ws) };
}

describe('an append with params its action does not take', () => {
  it('fails an import step and writes nothing: the import stays where it was, the chain too', async () => {
    const { uploaded } = await runPipeline(
      h,
      t.writer,
      { ws: t.ws, project: t.project, file: 'notes.md' },
      'extract',
    );
    const before = await state(uploaded.id);
    expect(before.import.status).toBe('extracted');
    const stats = { committed: 0, memories_created: 0, linked_existing: 0 };
    const outcomes: Array<[string, RegExp]> = [
      [
        'wrong type',
        /import\.committed .*: stats\.committed: Invalid input: expected number, received string$/,
      ],
      ['unknown param', /import\.committed .*: unknown param batches$/],
      ['missing param', /import\.committed .*: status: Invalid input: expected string, received undefined$/],
    ];
    const bad = {
      'wrong type': { stats: { ...stats, committed: 'none' }, status: 'draft' },
      'unknown param': { stats, status: 'draft', batches: 0 },
      'missing param': { stats },
    } as Record<string, unknown>;
    for (const [what, message] of outcomes) {
      const step = runImportStep(h.ctxFor(t.writer), uploaded.id, 'commit', async () => bad[what] as never);
      await expect(step, what).rejects.toThrow(message);
      expect(await state(uploaded.id), what).toEqual(before);
    }
    // Nothing was left half-done: the step runs as it should afterwards.
    expect((await stepOk(h, t.writer, uploaded.id, 'commit')).status).toBe('committed');
    expect((await chainOf(h, t.ws)).at(-1)).toMatchObject({ action: 'import.committed' });
  });

  it('fails the change of a bulk append when any entry is wrong, the first ones included', async () => {
    const before = await verifyChain(h);
    const email = 'checked-append@example.com';
    const change = inTransaction(h.ctxFor(h.admin), async (ctx) => {
      const user = await createUser({ ctx, input: { email } });
      await appendAudits(ctx, [
        {
          workspaceId: null,
          action: 'session.signed_out',
          target: { type: 'session' },
          params: { session_id: 'ses_1' },
        },
        {
          workspaceId: null,
          action: 'session.signed_out',
          target: { type: 'session' },
          params: { session_id: 'ses_2', user_id: user.id } as never,
        },
      ]);
    });
    await expect(change).rejects.toThrow(/audit entry session\.signed_out .*: unknown param user_id$/);
    expect(await verifyChain(h)).toEqual(before);
    // The user was not created: creating them now succeeds.
    const created = await h.request('POST', '/v1/users', { as: h.admin, body: { email } });
    expect(created.statusCode, created.body).toBe(201);
  });
});
