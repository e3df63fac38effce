import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  freshProject,
  getMemory,
  historyOf,
  memoriesOf,
  memoryLog,
  patched,
  recall,
  remember,
  type Memory,
  type MemoryWrite,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A GitHub token built at run time, so no scanner mistakes this file for a leak. */
const GITHUB_TOKEN = 'ghp_' + 'A1b2C3d4'.repeat(4) + 'E5f6';
const DB_PASSWORD = 'hunter2hunter2';

describe('POST /v1/memories', () => {
  it('answers 201 with every field of the new memory, readable by a project reader', async () => {
    const p = await freshProject(h, t);
    const before = h.clock.now().getTime();
    const res = await remember(h, p, p.writer, {
      type: 'decision',
      content: '  We retry invoice exports with exponential backoff (BILL-142).\n',
      metadata: { subpath: 'services/billing', ticket: 'BILL-142', tags: ['retry', 1, true, null] },
      evidence_ref: 'https://tracker.example.test/BILL-142',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as MemoryWrite;
    expect(body).toEqual({
      id: expect.stringMatching(/^mem_[0-9A-Z]+$/),
      workspace_key: p.ws,
      project_key: p.project,
      type: 'decision',
      content: 'We retry invoice exports with exponential backoff (BILL-142).',
      status: 'draft',
      source: 'human',
      metadata: { subpath: 'services/billing', ticket: 'BILL-142', tags: ['retry', 1, true, null] },
      evidence_ref: 'https://tracker.example.test/BILL-142',
      created_by: p.writer.id,
      superseded_by: null,
      supersedes: [],
      flags: [],
      flag_notes: {},
      review_after: null,
      review_due_at: null,
      reviewed_at: body.created_at,
      version: 1,
      occurred_at: body.created_at,
      created_at: expect.stringMatching(ISO),
      updated_at: body.created_at,
      redactions: 0,
      deduplicated: false,
      possibly_supersedes: [],
    });
    expect(new Date(body.created_at).getTime()).toBeGreaterThanOrEqual(before);
    const { redactions: _r, deduplicated: _d, possibly_supersedes: _p, ...memory } = body;
    const got = await getMemory(h, p.reader, body.id);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual(memory);
    expect(await historyOf(h, body.id, p.reader)).toEqual([
      {
        memory_id: body.id,
        version: 1,
        change: 'created',
        type: 'decision',
        content: memory.content,
        status: 'draft',
        source: 'human',
        metadata: memory.metadata,
        evidence_ref: memory.evidence_ref,
        occurred_at: body.created_at,
        superseded_by: null,
        supersedes: [],
        flags: [],
        review_after: null,
        reason: null,
        changed_by: p.writer.id,
        changed_at: body.created_at,
      },
    ]);
    expect(await memoriesOf(h, p)).toEqual([memory]);
  });

  it('keeps when a memory happened, if given, and refuses a time in the future', async () => {
    const at = '2024-02-29T12:00:00.000Z';
    const m = await created(h, t, t.writer, 'decision', 'Leap-day invoices are dated the 28th', {
      occurred_at: at,
    });
    expect(m.occurred_at).toBe(at);
    expect(m.created_at).not.toBe(at);
    const later = new Date(h.clock.now().getTime() + 3_600_000).toISOString();
    const res = await remember(h, t, t.writer, {
      type: 'note',
      content: 'From the future',
      occurred_at: later,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ path: 'occurred_at' }] } });
    for (const bad of ['yesterday', 12, '2024-13-01T00:00:00Z', null]) {
      const wrong = await remember(h, t, t.writer, { type: 'note', content: 'Bad time', occurred_at: bad });
      expect(wrong.statusCode, String(bad)).toBe(400);
    }
    const moved = await patched(h, t.writer, m.id, { occurred_at: '2024-03-01T00:00:00Z' });
    expect(moved.occurred_at).toBe('2024-03-01T00:00:00.000Z');
    expect(moved.version).toBe(2);
  });

  it('stores every memory type, as a draft by a human unless told otherwise', async () => {
    const p = await freshProject(h, t);
    const types = [
      'decision',
      'constraint',
      'goal',
      'problem',
      'active_work',
      'activity',
      'note',
      'summary',
      'caveat',
    ];
    for (const type of types) {
      const m = await created(h, p, p.writer, type, `A ${type} about the payment queue`);
      expect(m).toMatchObject({ type, status: 'draft', source: 'human', metadata: {}, evidence_ref: null });
    }
    const auto = await created(h, p, p.writer, 'note', 'Found by the assistant', { source: 'auto' });
    expect(auto.source).toBe('auto');
    const draft = await created(h, p, p.writer, 'note', 'An explicit draft', { status: 'draft' });
    expect(draft.status).toBe('draft');
    const longest = await created(h, p, p.writer, 'note', 'word '.repeat(1600));
    expect(longest.content).toHaveLength(7999);
    expect((await memoriesOf(h, p)).map((m) => m.type).sort()).toEqual(
      [...types, 'note', 'note', 'note'].sort(),
    );
  });

  it('lets a maintainer or workspace admin create confirmed and rejected memories', async () => {
    const p = await freshProject(h, t);
    const confirmed = await created(h, p, p.maintainer, 'decision', 'Invoices are immutable once sent', {
      status: 'confirmed',
    });
    expect(confirmed).toMatchObject({ status: 'confirmed', created_by: p.maintainer.id });
    const rejected = await created(h, p, p.admin, 'decision', 'Invoices may be edited after sending', {
      status: 'rejected',
    });
    expect(rejected).toMatchObject({ status: 'rejected', created_by: p.admin.id });
    const [entry] = await memoryLog(h, p.ws);
    expect(entry!.target.params).toMatchObject({ memory_id: rejected.id, status: 'rejected' });
  });

  it('answers an exact duplicate (case and whitespace aside) with 200 and the existing memory', async () => {
    const p = await freshProject(h, t);
    const first = await created(
      h,
      p,
      p.writer,
      'decision',
      'Use PostgreSQL advisory locks for the invoice job',
    );
    const logBefore = await memoryLog(h, p.ws);
    for (const content of [
      'Use PostgreSQL advisory locks for the invoice job',
      'use postgresql ADVISORY locks for the invoice job',
      '  Use   PostgreSQL advisory\n\tlocks for the   invoice job  ',
    ]) {
      const res = await remember(h, p, p.maintainer, { type: 'decision', content, metadata: { x: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...first, redactions: 0, deduplicated: true });
    }
    expect(await memoriesOf(h, p)).toHaveLength(1);
    expect(await memoryLog(h, p.ws)).toEqual(logBefore);
    expect(await historyOf(h, first.id)).toHaveLength(1);

    // The same text as another type, or in another project, is another memory.
    const other = await created(
      h,
      p,
      p.writer,
      'constraint',
      'Use PostgreSQL advisory locks for the invoice job',
    );
    expect(other.id).not.toBe(first.id);
    const q = await freshProject(h, t);
    const elsewhere = await created(h, q, q.writer, 'decision', first.content);
    expect(elsewhere.id).not.toBe(first.id);
    expect(await memoriesOf(h, p)).toHaveLength(2);
    // A text that differs by more than case and whitespace is new too.
    await created(h, p, p.writer, 'decision', 'Use PostgreSQL advisory locks for the invoice jobs');
    expect(await memoriesOf(h, p)).toHaveLength(3);
  });

  it('redacts a metadata value held under a secret-looking name, placeholders and other names kept', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The staging database moved', {
      metadata: {
        db_password: 'Prod-Passw0rd',
        apiToken: 'tok-9f8e7d',
        nested: { signing_key: 'k3y-material' },
        smtp_password: '${SMTP_PASSWORD}',
        password_policy: 'rotate every 90 days',
        subpath: 'services/db',
      },
    });
    expect(m.redactions).toBe(3);
    expect(m.metadata).toEqual({
      db_password: '[redacted:secret_assignment]',
      apiToken: '[redacted:secret_assignment]',
      nested: { signing_key: '[redacted:secret_assignment]' },
      smtp_password: '${SMTP_PASSWORD}',
      password_policy: 'rotate every 90 days',
      subpath: 'services/db',
    });
  });

  it('redacts secrets before storing, counts them and keeps them out of the audit log', async () => {
    const p = await freshProject(h, t);
    const content = `Staging needs\nDB_PASSWORD=${DB_PASSWORD}\nand the deploy bot uses ${GITHUB_TOKEN} for pushes.`;
    const res = await remember(h, p, p.writer, {
      type: 'caveat',
      content,
      metadata: { note: `token ${GITHUB_TOKEN}`, nested: { list: [`password: "${DB_PASSWORD}"`] } },
      evidence_ref: `https://ci:${DB_PASSWORD}@ci.example.test/job/7`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as MemoryWrite;
    expect(m.redactions).toBe(5);
    expect(m.content).toBe(
      'Staging needs\nDB_PASSWORD=[redacted:secret_assignment]\nand the deploy bot uses [redacted:github_token] for pushes.',
    );
    expect(m.metadata).toEqual({
      note: 'token [redacted:github_token]',
      nested: { list: ['password: "[redacted:secret_assignment]"'] },
    });
    expect(m.evidence_ref).toBe('https://ci:[redacted:url_password]@ci.example.test/job/7');
    const stored = (await getMemory(h, h.admin, m.id)).json() as Memory;
    const history = await historyOf(h, m.id);
    const log = await memoryLog(h, p.ws);
    for (const seen of [stored, history, log]) {
      const text = JSON.stringify(seen);
      expect(text).not.toContain(DB_PASSWORD);
      expect(text).not.toContain(GITHUB_TOKEN);
    }
    expect(stored.content).toContain('[redacted:');
    // The secret's words are not searchable either.
    expect((await recall(h, p, p.reader, { q: DB_PASSWORD })).items).toEqual([]);

    // The same text with another secret is the same memory once redacted.
    const again = await remember(h, p, p.writer, {
      type: 'caveat',
      content: content.replace(DB_PASSWORD, 'other-password-9'),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: m.id, deduplicated: true, redactions: 2 });
  });

  it('writes a memory.created audit entry by the author, without the content', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'problem', `The importer leaks ${GITHUB_TOKEN} into logs`, {
      source: 'auto',
    });
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      workspace_key: p.ws,
      action: 'memory.created',
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          type: 'problem',
          status: 'draft',
          source: 'auto',
          redactions: 1,
        },
      },
      actor: { user_id: p.writer.id, system: null },
    });
    expect(Object.keys(entry!.target.params).sort()).toEqual(
      ['memory_id', 'project_key', 'redactions', 'source', 'status', 'type', 'workspace_key'].sort(),
    );
    expect(JSON.stringify(entry)).not.toContain(GITHUB_TOKEN);
    expect(JSON.stringify(entry)).not.toContain('importer');
  });
});
