import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import type { Team } from '../projects/projects.fixtures.ts';
import {
  created,
  expectInvalidAt,
  freshProject,
  getMemory,
  memoryState,
  remember,
  teamAndOutsider,
  type Memory,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ t, outsider, outsiderWs } = await teamAndOutsider(h));
});

describe('POST /v1/memories', () => {
  it('forbids a writer to create confirmed or rejected memories and a reader to create any (403)', async () => {
    const p = await freshProject(h, t);
    const before = await memoryState(h, p);
    const body = {
      workspace_key: p.ws,
      project_key: p.project,
      type: 'decision',
      content: 'Ship on Fridays',
    };
    const call = { method: 'POST' as const, url: '/v1/memories' };
    await expectForbiddenFor(h, p.writer, { ...call, body: { ...body, status: 'confirmed' } });
    await expectForbiddenFor(h, p.writer, { ...call, body: { ...body, status: 'rejected' } });
    await expectForbiddenFor(h, p.reader, { ...call, body });
    await expectForbiddenFor(h, p.reader, { ...call, body: { ...body, status: 'confirmed' } });
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('needs a key and hides the project from everyone outside it (404)', async () => {
    const p = await freshProject(h, t);
    const before = await memoryState(h, p);
    const body = { workspace_key: p.ws, project_key: p.project, type: 'note', content: 'Secret plans' };
    const call = { method: 'POST' as const, url: '/v1/memories', body };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, p.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    // The same project key named in the outsider's own workspace does not exist there.
    await expectHiddenFrom(h, outsider, { ...call, body: { ...body, workspace_key: outsiderWs } });
    // Unknown workspace and unknown project.
    await expectHiddenFrom(h, p.writer, { ...call, body: { ...body, workspace_key: h.uniq('nows') } });
    await expectHiddenFrom(h, p.writer, {
      ...call,
      body: { ...body, project_key: `codehost:acme/${h.uniq('norepo')}` },
    });
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('rejects missing, mistyped, unknown and oversized fields with the field path, storing nothing', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'note', 'An existing note');
    const before = await memoryState(h, p);
    const valid = { workspace_key: p.ws, project_key: p.project, type: 'note', content: 'A new note' };
    const without = (field: keyof typeof valid) => {
      const copy: Record<string, unknown> = { ...valid };
      delete copy[field];
      return copy;
    };
    const cases: Array<[unknown, string]> = [
      [{}, 'body.content'],
      [without('workspace_key'), 'body.workspace_key'],
      [without('project_key'), 'body.project_key'],
      [without('type'), 'body.type'],
      [without('content'), 'body.content'],
      [{ ...valid, workspace_key: 7 }, 'body.workspace_key'],
      [{ ...valid, workspace_key: 'Not A Key' }, 'body.workspace_key'],
      [{ ...valid, project_key: true }, 'body.project_key'],
      [{ ...valid, project_key: 'no-colon' }, 'body.project_key'],
      [{ ...valid, project_key: 'codehost:acme/../x' }, 'body.project_key'],
      [{ ...valid, type: 3 }, 'body.type'],
      [{ ...valid, type: 'idea' }, 'body.type'],
      [{ ...valid, type: 'Decision' }, 'body.type'],
      [{ ...valid, type: '' }, 'body.type'],
      [{ ...valid, content: 42 }, 'body.content'],
      [{ ...valid, content: ['a'] }, 'body.content'],
      [{ ...valid, content: null }, 'body.content'],
      [{ ...valid, content: '' }, 'body.content'],
      [{ ...valid, content: ' \n\t  ' }, 'body.content'],
      [{ ...valid, content: 'x'.repeat(8001) }, 'body.content'],
      [{ ...valid, status: 'published' }, 'body.status'],
      [{ ...valid, status: 1 }, 'body.status'],
      [{ ...valid, source: 'import' }, 'body.source'],
      [{ ...valid, source: 'robot' }, 'body.source'],
      [{ ...valid, metadata: 'subpath=apps/web' }, 'body.metadata'],
      [{ ...valid, metadata: ['apps/web'] }, 'body.metadata'],
      [{ ...valid, metadata: null }, 'body.metadata'],
      [{ ...valid, metadata: 5 }, 'body.metadata'],
      [{ ...valid, metadata: { subpath: '../secrets' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 'apps/../../etc' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: '/etc/passwd' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 'apps//web' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: './apps' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 'apps/web/' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 'C:\\apps' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: '' } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 3 } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { subpath: 'a'.repeat(301) } }, 'body.metadata.subpath'],
      [{ ...valid, metadata: { blob: 'x'.repeat(8200) } }, 'body.metadata'],
      [{ ...valid, metadata: { many: Array.from({ length: 2500 }, (_, i) => i) } }, 'body.metadata'],
      [{ ...valid, evidence_ref: 5 }, 'body.evidence_ref'],
      [{ ...valid, evidence_ref: '' }, 'body.evidence_ref'],
      [{ ...valid, evidence_ref: '   ' }, 'body.evidence_ref'],
      [{ ...valid, evidence_ref: 'x'.repeat(501) }, 'body.evidence_ref'],
      [{ ...valid, id: 'mem_01ABC' }, 'body'],
      [{ ...valid, created_by: t.admin.id }, 'body'],
      [{ ...valid, version: 9 }, 'body'],
      [[valid], 'body'],
    ];
    for (const s of HOSTILE_STRINGS) {
      cases.push([{ ...valid, workspace_key: s }, 'body.workspace_key']);
      cases.push([{ ...valid, project_key: s }, 'body.project_key']);
      cases.push([{ ...valid, type: s }, 'body.type']);
    }
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 8000 || unstorable(v))) {
      cases.push([{ ...valid, content: s }, 'body.content']);
      cases.push([{ ...valid, metadata: { note: s } }, 'body.metadata']);
    }
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 500 || unstorable(v))) {
      cases.push([{ ...valid, evidence_ref: s }, 'body.evidence_ref']);
    }
    for (const [body, path] of cases) {
      const res = await h.request('POST', '/v1/memories', { as: p.writer, body });
      expectInvalidAt(res, path, JSON.stringify(body).slice(0, 200));
    }
    // A metadata key PostgreSQL cannot store is named too.
    expectInvalid(
      await h.request('POST', '/v1/memories', {
        as: p.writer,
        body: { ...valid, metadata: { 'a\u0000b': 1 } },
      }),
      'body.metadata.a\u0000b',
    );
    expectInvalid(
      await h.request('POST', '/v1/memories', {
        as: p.writer,
        body: '{"workspace_key": ',
        headers: { 'content-type': 'application/json' },
      }),
      'body',
    );
    expectError(
      await h.request('POST', '/v1/memories', {
        as: p.writer,
        body: 'type=note&content=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await h.request('POST', '/v1/memories', {
        as: p.writer,
        body: JSON.stringify({ ...valid, content: 'x'.repeat(h.config.bodyLimitBytes) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    );
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('rejects deeply nested metadata with 400, not a server error', async () => {
    const p = await freshProject(h, t);
    const before = await memoryState(h, p);
    const nested = (depth: number, wrap: (inner: unknown) => unknown) => {
      let v: unknown = 'x';
      for (let i = 0; i < depth; i++) v = wrap(v);
      return v;
    };
    // A few kilobytes of JSON, well within the body and metadata limits.
    for (const deep of [nested(3000, (v) => [v]), nested(2500, (v) => ({ a: v }))]) {
      const res = await remember(h, p, p.writer, {
        type: 'note',
        content: 'Deep metadata',
        metadata: { deep },
      });
      expect(res.statusCode, res.body).toBe(400);
      expectError(res, 400, 'validation_failed');
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('stores hostile text verbatim and finds it again, never failing with a 5xx', async () => {
    const p = await freshProject(h, t);
    for (const s of HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v))) {
      const res = await remember(h, p, p.writer, {
        type: 'note',
        content: s,
        metadata: { note: s, [s.slice(0, 40)]: s },
        evidence_ref: s,
      });
      expect(res.statusCode, res.body).toBe(201);
      const m = (await getMemory(h, p.reader, res.json().id)).json() as Memory;
      expect(m).toMatchObject({ content: s, evidence_ref: s, metadata: { note: s, [s.slice(0, 40)]: s } });
      const found = await h.request('GET', '/v1/memories', {
        as: p.reader,
        query: { workspace_key: p.ws, project_key: p.project, q: s, explain: 'true' },
      });
      expect(found.statusCode, found.body).toBe(200);
    }
  });
});
