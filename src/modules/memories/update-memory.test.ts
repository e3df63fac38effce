import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor } from '../../test/security-matrix.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  freshProject,
  historyOf,
  memoryLog,
  memoryOf,
  memoryState,
  patched,
  patchMemory,
  readMemory,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

describe('PATCH /v1/memories/:id', () => {
  it('records memory.updated with the changed fields', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Cache TTL is 60 seconds');
    await patched(h, p.writer, m.id, {
      content: 'Cache TTL is 90 seconds',
      evidence_ref: 'https://x.test/1',
    });
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      action: 'memory.updated',
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          changed: ['content', 'evidence_ref'],
          version: 2,
          redactions: 0,
        },
      },
      actor: { user_id: p.writer.id },
    });
    expect(entry!.target.params).not.toHaveProperty('from_status');
    expect(JSON.stringify(entry)).not.toContain('90 seconds');
    await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    const [confirm] = await memoryLog(h, p.ws);
    expect(confirm!.target.params).toMatchObject({
      changed: ['status'],
      from_status: 'draft',
      to_status: 'confirmed',
      version: 3,
    });
  });

  it('redacts secrets in an edit', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The staging database');
    const secret = 'Sup3rSecretValue';
    const res = await patched(h, p.writer, m.id, { content: `The staging database\nPGPASSWORD=${secret}` });
    expect(res.redactions).toBe(1);
    expect(res.content).toBe('The staging database\nPGPASSWORD=[redacted:secret_assignment]');
    const text = JSON.stringify([await historyOf(h, m.id), await memoryLog(h, p.ws)]);
    expect(text).not.toContain(secret);
  });

  it('lets only maintainers change the status; writers get 403 and nothing changes', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Use one queue per tenant');
    const before = await memoryState(h, p);
    for (const status of ['confirmed', 'rejected']) {
      await expectForbiddenFor(h, p.writer, {
        method: 'PATCH',
        url: `/v1/memories/${m.id}`,
        body: { status },
      });
      await expectForbiddenFor(h, p.writer, {
        method: 'PATCH',
        url: `/v1/memories/${m.id}`,
        body: { status, content: 'Use one queue per tenant, always' },
      });
    }
    expect(await memoryState(h, p)).toEqual(before);
    // Restating the current status is no status change.
    expect(
      await patched(h, p.writer, m.id, { status: 'draft', content: 'Use one queue per tenant!' }),
    ).toMatchObject({
      status: 'draft',
      version: 2,
    });
    expect(await patched(h, p.maintainer, m.id, { status: 'confirmed' })).toMatchObject({
      status: 'confirmed',
      version: 3,
    });
    expect(await patched(h, p.admin, m.id, { status: 'rejected' })).toMatchObject({
      status: 'rejected',
      version: 4,
    });
    expect(await patched(h, p.maintainer, m.id, { status: 'draft' })).toMatchObject({
      status: 'draft',
      version: 5,
    });
    // A maintainer may edit and confirm in one step.
    expect(
      await patched(h, p.maintainer, m.id, { status: 'confirmed', content: 'Use one queue per tenant' }),
    ).toMatchObject({ status: 'confirmed', version: 6, content: 'Use one queue per tenant' });
    // A maintainer's edit of a confirmed memory keeps it confirmed.
    expect(await patched(h, p.maintainer, m.id, { content: 'Use one queue per tenant.' })).toMatchObject({
      status: 'confirmed',
      version: 7,
    });
  });

  it('returns a confirmed or rejected memory to draft when a writer edits its text', async () => {
    const p = await freshProject(h, t);
    for (const status of ['confirmed', 'rejected']) {
      const m = await created(h, p, p.maintainer, 'decision', `Deploys are ${status} on weekdays`, {
        status,
      });
      const edited = await patched(h, p.writer, m.id, { content: `Deploys are ${status} on weekdays only` });
      expect(edited).toMatchObject({ status: 'draft', version: 2 });
      const [entry] = await memoryLog(h, p.ws);
      expect(entry!.target.params).toMatchObject({
        changed: ['content', 'status'],
        from_status: status,
        to_status: 'draft',
      });
      const retyped = await created(h, p, p.maintainer, 'decision', `Rollbacks are ${status}`, { status });
      expect(await patched(h, p.writer, retyped.id, { type: 'constraint' })).toMatchObject({
        status: 'draft',
        type: 'constraint',
      });
    }
  });

  it('never lets a writer keep a memory confirmed while changing its text', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.maintainer, 'decision', 'Refunds need two approvals', {
      status: 'confirmed',
    });
    const res = await patchMemory(h, p.writer, m.id, {
      content: 'Refunds need one approval',
      status: 'confirmed',
    });
    // Either refused, or the edit goes back to review: never a confirmed text nobody reviewed.
    if (res.statusCode === 403) {
      expect(await readMemory(h, m.id)).toEqual(memoryOf(m));
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ content: 'Refunds need one approval', status: 'draft' });
    }
    expect(await readMemory(h, m.id)).not.toMatchObject({
      content: 'Refunds need one approval',
      status: 'confirmed',
    });
  });

  it('answers 409 when the change would duplicate another memory, changing nothing', async () => {
    const p = await freshProject(h, t);
    const a = await created(h, p, p.writer, 'decision', 'Emails are sent by the worker');
    const b = await created(h, p, p.writer, 'decision', 'Emails are sent by the API');
    const c = await created(h, p, p.writer, 'constraint', 'Emails are sent by the worker');
    const before = await memoryState(h, p);
    expectError(
      await patchMemory(h, p.writer, b.id, { content: 'EMAILS are sent by  the worker' }),
      409,
      'conflict',
    );
    expectError(await patchMemory(h, p.writer, c.id, { type: 'decision' }), 409, 'conflict');
    expectError(
      await patchMemory(h, p.maintainer, c.id, { type: 'decision', status: 'confirmed' }),
      409,
      'conflict',
    );
    expect(await memoryState(h, p)).toEqual(before);
    expect(await readMemory(h, a.id)).toEqual(memoryOf(a));
  });

  it('rejects an empty or invalid change with the field path', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Something to edit');
    const before = await memoryState(h, p);
    const cases: Array<[unknown, string]> = [
      [{}, 'body.content'],
      [{ workspace_key: p.ws }, 'body.content'],
      [{ content: '' }, 'body.content'],
      [{ content: '  \n ' }, 'body.content'],
      [{ content: 7 }, 'body.content'],
      [{ content: null }, 'body.content'],
      [{ content: 'x'.repeat(8001) }, 'body.content'],
      [{ type: 'idea' }, 'body.type'],
      [{ type: null }, 'body.type'],
      [{ status: 'deleted' }, 'body.status'],
      [{ metadata: 'x' }, 'body.metadata'],
      [{ metadata: null }, 'body.metadata'],
      [{ metadata: { subpath: '../up' } }, 'body.metadata.subpath'],
      [{ metadata: { subpath: '/abs/path' } }, 'body.metadata.subpath'],
      [{ metadata: { blob: 'x'.repeat(8200) } }, 'body.metadata'],
      [{ evidence_ref: '' }, 'body.evidence_ref'],
      [{ evidence_ref: 3 }, 'body.evidence_ref'],
      [{ source: 'import' }, 'body'],
      [{ project_key: p.project, content: 'moved' }, 'body'],
      [{ version: 1, content: 'x' }, 'body'],
      [{ workspace_key: 'Bad Key', content: 'x' }, 'body.workspace_key'],
      [['content'], 'body'],
    ];
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 8000 || unstorable(v))) {
      cases.push([{ content: s }, 'body.content']);
    }
    for (const [body, path] of cases) {
      const res = await patchMemory(h, p.writer, m.id, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 100)} -> ${res.body.slice(0, 300)}`).toBe(400);
      expectInvalid(res, path);
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('rejects deeply nested metadata with 400, not a server error', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Shallow metadata');
    const before = await memoryState(h, p);
    let deep: unknown = 'x';
    for (let i = 0; i < 3000; i++) deep = [deep];
    const res = await patchMemory(h, p.writer, m.id, { metadata: { deep } });
    expect(res.statusCode, res.body).toBe(400);
    expectError(res, 400, 'validation_failed');
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('stores hostile text verbatim', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Hostile target');
    for (const s of HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v))) {
      const res = await patched(h, p.writer, m.id, { content: s, metadata: { s }, evidence_ref: s });
      expect(res).toMatchObject({ content: s, metadata: { s }, evidence_ref: s });
      expect(await readMemory(h, m.id)).toMatchObject({ content: s, metadata: { s }, evidence_ref: s });
    }
  });
});
