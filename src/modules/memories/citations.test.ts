import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { expectHiddenOutsideProject, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  expectInvalidAt,
  freshProject,
  historyOf,
  memoryLog,
  memoryState,
  patched,
  patchMemory,
  readMemory,
  remember,
  teamAndOutsider,
  type Memory,
} from './memories.fixtures.ts';

/**
 * `metadata.cites` (the code a memory cites) and `POST /v1/memories/:id/citations`, the report of
 * a client that did not find some of it in its working tree.
 */
const h = useHarness();
let t: Team;
let outsider: TestUser;
let outsiderWs: string;

beforeAll(async () => {
  ({ t, outsider, outsiderWs } = await teamAndOutsider(h));
});

const SHA = '0123abcdef4567890123abcdef4567890123abcd';
const CITES = [
  { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines', commit: SHA },
  { path: 'src/billing' },
  { path: 'web/app/(shop)/[id]/page.tsx', symbol: 'export default' },
];

const report = (as: TestUser, id: string, body: unknown) =>
  h.request('POST', `/v1/memories/${id}/citations`, { as, body });

async function reported(as: TestUser, id: string, body: Record<string, unknown>): Promise<Memory> {
  const res = await report(as, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Memory;
}

describe('metadata.cites', () => {
  it('stores the cited paths, symbols and commits as given', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Tax lines are computed per invoice', {
      metadata: { subpath: 'src/billing', cites: CITES },
    });
    expect(m.metadata).toEqual({ subpath: 'src/billing', cites: CITES });
    const edited = await patched(h, p.writer, m.id, { metadata: { cites: [{ path: 'README.md' }] } });
    expect(edited.metadata).toEqual({ cites: [{ path: 'README.md' }] });
    expect((await readMemory(h, m.id))?.metadata).toEqual({ cites: [{ path: 'README.md' }] });
  });

  it('refuses bad citations with 400 naming the field, on create and on edit, storing nothing', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Cites nothing yet');
    const before = await memoryState(h, p);
    const path = (value: unknown) => ({ cites: [{ path: value }] });
    const cases: Array<[unknown, string]> = [
      [{ cites: 'src/a.ts' }, 'body.metadata.cites'],
      [{ cites: { path: 'src/a.ts' } }, 'body.metadata.cites'],
      [{ cites: null }, 'body.metadata.cites'],
      [{ cites: ['src/a.ts'] }, 'body.metadata.cites.0'],
      [{ cites: [{}] }, 'body.metadata.cites.0.path'],
      [{ cites: [{ path: 'src/a.ts', line: 3 }] }, 'body.metadata.cites.0'],
      [path('/etc/passwd'), 'body.metadata.cites.0.path'],
      [path('../secrets.env'), 'body.metadata.cites.0.path'],
      [path('src/../../etc/passwd'), 'body.metadata.cites.0.path'],
      [path('./src/a.ts'), 'body.metadata.cites.0.path'],
      [path('src//a.ts'), 'body.metadata.cites.0.path'],
      [path('src/'), 'body.metadata.cites.0.path'],
      [path('src\\a.ts'), 'body.metadata.cites.0.path'],
      [path('src/a.ts\nrm -rf /'), 'body.metadata.cites.0.path'],
      [path(''), 'body.metadata.cites.0.path'],
      [path(42), 'body.metadata.cites.0.path'],
      [path(['src/a.ts']), 'body.metadata.cites.0.path'],
      [path(`src/${'a'.repeat(497)}`), 'body.metadata.cites.0.path'],
      [{ cites: [{ path: 'src/a.ts', symbol: '' }] }, 'body.metadata.cites.0.symbol'],
      [{ cites: [{ path: 'src/a.ts', symbol: ' padded' }] }, 'body.metadata.cites.0.symbol'],
      [{ cites: [{ path: 'src/a.ts', symbol: 'two\nlines' }] }, 'body.metadata.cites.0.symbol'],
      [{ cites: [{ path: 'src/a.ts', symbol: 'x'.repeat(201) }] }, 'body.metadata.cites.0.symbol'],
      [{ cites: [{ path: 'src/a.ts', symbol: 7 }] }, 'body.metadata.cites.0.symbol'],
      [{ cites: [{ path: 'src/a.ts', commit: 'abc12' }] }, 'body.metadata.cites.0.commit'],
      [{ cites: [{ path: 'src/a.ts', commit: 'not-a-sha' }] }, 'body.metadata.cites.0.commit'],
      [{ cites: [{ path: 'src/a.ts', commit: 'a'.repeat(41) }] }, 'body.metadata.cites.0.commit'],
      [{ cites: [{ path: 'src/a.ts' }, { path: 'src/b.ts', symbol: null }] }, 'body.metadata.cites.1.symbol'],
      [{ cites: Array.from({ length: 21 }, (_, i) => ({ path: `src/f${i}.ts` })) }, 'body.metadata.cites'],
    ];
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 500 || unstorable(v) || v.includes('..'))) {
      cases.push([path(s), 'body.metadata.cites.0.path']);
    }
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 200 || unstorable(v))) {
      cases.push([{ cites: [{ path: 'src/a.ts', symbol: s }] }, 'body.metadata.cites.0.symbol']);
    }
    for (const [metadata, at] of cases) {
      const what = JSON.stringify(metadata).slice(0, 120);
      expectInvalidAt(await remember(h, p, p.writer, { type: 'note', content: 'Cites', metadata }), at, what);
      expectInvalidAt(await patchMemory(h, p.writer, m.id, { metadata }), at, what);
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('takes hostile text that is a valid path or symbol verbatim', async () => {
    const p = await freshProject(h, t);
    const odd = HOSTILE_STRINGS.filter((v) => v.length <= 200 && !unstorable(v) && !v.includes('..'));
    const cites = odd.map((s) => ({ path: `docs/${s.replaceAll('/', '_')}`, symbol: s }));
    const m = await created(h, p, p.writer, 'note', 'Cites odd file names', { metadata: { cites } });
    expect(m.metadata.cites).toEqual(cites);
  });
});

describe('POST /v1/memories/:id/citations', () => {
  it('flags the memory needs_review with a note in words, a new version and an audit entry', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Tax lines are computed per invoice', {
      status: 'draft',
      metadata: { cites: CITES },
    });
    const memory = await reported(p.writer, m.id, {
      workspace_key: p.ws,
      missing: [{ path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' }, { path: 'src/billing' }],
      commit: 'ABC1234DEF',
    });
    const note =
      'cited src/billing/invoice.ts (symbol computeTaxLines), src/billing not found in a working tree at abc1234';
    expect(memory).toMatchObject({
      id: m.id,
      status: 'draft',
      content: m.content,
      metadata: { cites: CITES },
      flags: ['needs_review'],
      flag_notes: { needs_review: `${note}, reported by ${p.writer.email}` },
      version: 2,
    });
    expect(await readMemory(h, m.id)).toEqual(memory);
    const [latest] = await historyOf(h, m.id);
    expect(latest).toMatchObject({
      version: 2,
      change: 'updated',
      flags: ['needs_review'],
      reason: note,
      changed_by: p.writer.id,
    });
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      action: 'memory.updated',
      actor: { user_id: p.writer.id },
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          changed: ['flags'],
          version: 2,
          flags: ['needs_review'],
          reason: note,
          redactions: 0,
        },
      },
    });
  });

  it('changes nothing for the report the memory is already flagged with; another report replaces the note', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'constraint', 'Never post ledger entries twice', {
      metadata: { cites: CITES },
    });
    const body = { missing: [{ path: 'src/billing' }] };
    const first = await reported(p.writer, m.id, body);
    const before = await memoryState(h, p);
    const history = await historyOf(h, m.id);
    expect(await reported(p.writer, m.id, body)).toEqual(first);
    expect(await memoryState(h, p)).toEqual(before);
    expect(await historyOf(h, m.id)).toEqual(history);
    // Without a commit, the note says no more than the working tree.
    expect(first.flag_notes.needs_review).toBe(
      `cited src/billing not found in a working tree, reported by ${p.writer.email}`,
    );
    // Someone else, or at another commit: the note is theirs now, a version more.
    const again = await reported(p.maintainer, m.id, { ...body, commit: SHA });
    expect(again.version).toBe(first.version + 1);
    expect(again.flags).toEqual(['needs_review']);
    expect(again.flag_notes.needs_review).toBe(
      `cited src/billing not found in a working tree at 0123abc, reported by ${p.maintainer.email}`,
    );
  });

  it("refuses citations that are not the memory's own with 400, changing nothing", async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Invoices are numbered per tenant', {
      metadata: { cites: CITES },
    });
    const plain = await created(h, p, p.writer, 'decision', 'This one cites no code');
    const odd = await created(h, p, p.writer, 'note', 'Cites from before they were checked', {
      metadata: { other: { cites: 1 } },
    });
    const before = await memoryState(h, p);
    const cases: Array<[string, unknown, string]> = [
      [m.id, { missing: [{ path: 'src/other.ts' }] }, 'body.missing.0'],
      // The symbol is part of the citation: the path alone, or another symbol, is not it.
      [m.id, { missing: [{ path: 'src/billing/invoice.ts' }] }, 'body.missing.0'],
      [m.id, { missing: [{ path: 'src/billing', symbol: 'x' }] }, 'body.missing.0'],
      [m.id, { missing: [{ path: 'src/billing' }, { path: 'src/nope' }] }, 'body.missing.1'],
      [plain.id, { missing: [{ path: 'src/billing' }] }, 'body.missing.0'],
      [odd.id, { missing: [{ path: 'src/billing' }] }, 'body.missing.0'],
    ];
    for (const [id, body, at] of cases) expectInvalidAt(await report(p.writer, id, body), at);
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Bad reports change nothing', {
      metadata: { cites: CITES },
    });
    const before = await memoryState(h, p);
    const missing = (refs: unknown) => ({ missing: refs });
    const cases: Array<[unknown, string]> = [
      [{}, 'body.missing'],
      [missing([]), 'body.missing'],
      [missing('src/billing'), 'body.missing'],
      [missing(Array.from({ length: 21 }, (_, i) => ({ path: `src/f${i}.ts` }))), 'body.missing'],
      [missing([{ path: 'src/billing' }, { path: 'src/billing' }]), 'body.missing'],
      [missing([{ path: 'src/billing', commit: SHA }]), 'body.missing.0'],
      [missing([{ path: '/src/billing' }]), 'body.missing.0.path'],
      [missing([{ path: 'src/../billing' }]), 'body.missing.0.path'],
      [missing([{ path: 5 }]), 'body.missing.0.path'],
      [missing([{ path: 'src/billing', symbol: 'a\u0000b' }]), 'body.missing.0.symbol'],
      [{ ...missing([{ path: 'src/billing' }]), commit: 'HEAD' }, 'body.commit'],
      [{ ...missing([{ path: 'src/billing' }]), commit: 1234567 }, 'body.commit'],
      [{ ...missing([{ path: 'src/billing' }]), workspace_key: 'Not A Key' }, 'body.workspace_key'],
      [{ ...missing([{ path: 'src/billing' }]), flags: ['stale'] }, 'body'],
      [[{ path: 'src/billing' }], 'body'],
    ];
    for (const s of HOSTILE_STRINGS) {
      cases.push([{ ...missing([{ path: 'src/billing' }]), workspace_key: s }, 'body.workspace_key']);
      cases.push([{ ...missing([{ path: 'src/billing' }]), commit: s }, 'body.commit']);
    }
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 500 || unstorable(v) || v.includes('..'))) {
      cases.push([missing([{ path: s }]), 'body.missing.0.path']);
    }
    for (const [body, at] of cases) {
      expectInvalidAt(await report(p.writer, m.id, body), at, JSON.stringify(body).slice(0, 120));
    }
    for (const bad of ['nope', 'mem_lowercase', "mem_1' OR '1'='1"]) {
      const res = await report(p.writer, encodeURIComponent(bad), { missing: [{ path: 'src/billing' }] });
      expectInvalidAt(res, 'params.id');
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('is for project writers: no key 401, outside the project or workspace 404, a reader 403', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Only writers report missing code', {
      metadata: { cites: CITES },
    });
    const before = await memoryState(h, p);
    const call = {
      method: 'POST' as const,
      url: `/v1/memories/${m.id}/citations`,
      body: { missing: [{ path: 'src/billing' }] },
    };
    await expectHiddenOutsideProject(h, p, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, body: { ...call.body, workspace_key: outsiderWs } });
    // The memory's own workspace named wrongly is as good as another one.
    for (const workspace_key of [outsiderWs, h.uniq('nows')]) {
      await expectHiddenFrom(h, p.writer, { ...call, body: { ...call.body, workspace_key } });
    }
    await expectForbiddenFor(h, p.reader, call);
    await expectForbiddenFor(h, p.reader, { ...call, body: { ...call.body, workspace_key: p.ws } });
    const absent = 'mem_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    await expectKeyRequired(h, { ...call, url: `/v1/memories/${absent}/citations` });
    expectError(await report(h.admin, absent, call.body), 404, 'not_found');
    expect(await memoryState(h, p)).toEqual(before);
    // The writer's report goes through.
    expect((await reported(p.writer, m.id, call.body)).flags).toEqual(['needs_review']);
  });

  it("is cleared by a maintainer's confirmation, which a writer's edit is not", async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Refunds go through the ledger', {
      status: 'draft',
      metadata: { cites: CITES },
    });
    await reported(p.writer, m.id, { missing: [{ path: 'src/billing' }] });
    const edited = await patched(h, p.writer, m.id, { content: 'Refunds always go through the ledger' });
    expect(edited.flags).toEqual(['needs_review']);
    const confirmed = await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    expect(confirmed).toMatchObject({ status: 'confirmed', flags: [], flag_notes: {} });
    expect((await historyOf(h, m.id))[0]).toMatchObject({ flags: [], reason: 'confirmed by a person' });
    // A confirmed memory found missing again is flagged again; confirmed even unchanged clears it.
    await reported(p.writer, m.id, { missing: [{ path: 'src/billing' }] });
    const again = await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    expect(again).toMatchObject({ status: 'confirmed', flags: [], flag_notes: {} });
  });
});
