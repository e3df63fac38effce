import type { LightMyRequestResponse } from 'fastify';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { generateKey } from '../api-keys/key-format.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import {
  fixture,
  getImport,
  importLog,
  multipartBody,
  postParts,
  sha256,
  upload,
  uploaded,
  uploadState,
  type ImportAnswer,
  type Part,
  type Sender,
  type UploadOptions,
} from './imports.fixtures.ts';

/** The size limit is small here so that a fixture can be too large; the others fit under it. */
const MAX_BYTES = 4096;
const h = useHarness({ importMaxBytes: MAX_BYTES });

let t: Team;
let outsider: TestUser;
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

const notes = () => ({ name: 'notes.md', content: fixture('notes.md') });
const field = (name: string, value: string): Part => ({ name, value });
const filePart = (content: Buffer, filename = 'notes.md', name = 'file'): Part => ({
  name,
  filename,
  content,
});
const fields = (overrides: Record<string, string | undefined> = {}): Part[] =>
  Object.entries({ workspace_key: t.ws, project_key: t.project, source: 'text', ...overrides }).flatMap(
    ([name, value]) => (value === undefined ? [] : [field(name, value)]),
  );

/** Sends the request with the text fields before the file, then after it: both must refuse alike. */
async function inBothOrders(
  as: Sender,
  head: Part[],
  file: Part,
  check: (res: LightMyRequestResponse) => void,
) {
  check(await postParts(h, as, [...head, file]));
  check(await postParts(h, as, [file, ...head]));
}

/** Runs `act` and asserts it left no import row, no file (kept or temporary) and no audit entry. */
async function expectNothingStored(act: () => Promise<void>, ws = t.ws) {
  const before = await uploadState(h, ws);
  await act();
  expect(await uploadState(h, ws)).toEqual(before);
  expect(before.disk.tmp).toEqual([]);
}

describe('POST /v1/imports', () => {
  it('stores the file under the import directory and answers 201 with its size and sha256', async () => {
    const file = notes();
    const before = await uploadState(h, t.ws);
    const res = await upload(h, t.writer, { ws: t.ws, project: t.project, source: 'text', file });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as ImportAnswer;
    expect(answer).toMatchObject({
      workspace_key: t.ws,
      project_key: t.project,
      status: 'uploaded',
      source: 'text',
      file_name: 'notes.md',
      bytes: file.content.length,
      sha256: sha256(file.content),
      stats: {},
      error: null,
      running_step: null,
      created_by: t.writer.id,
    });
    expect(answer.id).toMatch(/^imp_[0-9A-Z]+$/);
    expect(answer.created_at).toBe(answer.updated_at);

    const after = await uploadState(h, t.ws);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.disk.files).toEqual([...before.disk.files, answer.id].sort());
    expect(after.disk.tmp).toEqual([]);
    expect(readFileSync(join(h.config.importDir, 'files', answer.id)).equals(file.content)).toBe(true);

    const [entry] = await importLog(h, t.ws);
    expect(entry).toMatchObject({
      action: 'import.uploaded',
      workspace_key: t.ws,
      target: {
        type: 'import',
        id: answer.id,
        params: {
          workspace_key: t.ws,
          project_key: t.project,
          import_id: answer.id,
          source: 'text',
          file_name: 'notes.md',
          bytes: file.content.length,
          sha256: answer.sha256,
        },
      },
      actor: { user_id: t.writer.id },
    });
    expect(after.log).toHaveLength(before.log.length + 1);

    const read = await getImport(h, t.writer, answer.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(answer);
  });

  it('takes the fields after the file too, and uploads by maintainers and workspace admins', async () => {
    const late = await uploaded(h, t.writer, {
      ws: t.ws,
      project: t.project,
      file: 'codex-legacy.jsonl',
      fieldsLast: true,
    });
    expect(late).toMatchObject({
      source: 'agent_jsonl',
      file_name: 'codex-legacy.jsonl',
      status: 'uploaded',
    });
    expect(late.sha256).toBe(sha256(fixture('codex-legacy.jsonl')));
    for (const as of [t.maintainer, t.admin, h.admin]) {
      const up = await uploaded(h, as, { ws: t.ws, project: t.project, file: 'single-conversation.json' });
      expect(up).toMatchObject({ created_by: as.id, source: 'agent_json_export' });
    }
  });

  it('accepts a file of exactly SERVICE_IMPORT_MAX_BYTES and answers 413 above it, keeping nothing', async () => {
    const exact = Buffer.alloc(MAX_BYTES, 'a');
    const up = await uploaded(h, t.writer, {
      ws: t.ws,
      project: t.project,
      file: { name: 'max.txt', content: exact },
    });
    expect(up.bytes).toBe(MAX_BYTES);

    for (const content of [Buffer.alloc(MAX_BYTES + 1, 'a'), fixture('claude-code-session.jsonl')]) {
      await expectNothingStored(() =>
        inBothOrders(t.writer, fields(), filePart(content, 'big.jsonl'), (res) => {
          const error = expectError(res, 413, 'payload_too_large');
          expect(error.message).toMatch(/larger than allowed/);
        }),
      );
    }
  });

  it('answers 415 to a body that is not multipart/form-data, storing nothing', async () => {
    await expectNothingStored(async () => {
      const json = await h.request('POST', '/v1/imports', {
        as: t.writer,
        body: { workspace_key: t.ws, project_key: t.project, source: 'text', file: 'hello' },
      });
      expectError(json, 415, 'unsupported_media_type');
      expect(json.json().error.message).toMatch(/multipart\/form-data/);
      const text = await h.request('POST', '/v1/imports', {
        as: t.writer,
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expectError(text, 415, 'unsupported_media_type');
      const none = await h.request('POST', '/v1/imports', { as: t.writer });
      expectError(none, 415, 'unsupported_media_type');
    });
  });

  it('answers 400 to a multipart body without a boundary or cut short, storing nothing', async () => {
    const whole = multipartBody([...fields(), filePart(Buffer.alloc(2000, 'a'))]);
    const bodies: Array<[string, Buffer]> = [
      ['multipart/form-data', whole.body],
      [whole.headers['content-type'], whole.body.subarray(0, whole.body.length - 600)],
      [whole.headers['content-type'], whole.body.subarray(0, whole.body.length - 20)],
    ];
    await expectNothingStored(async () => {
      for (const [contentType, payload] of bodies) {
        const res = await h.app.inject({
          method: 'POST',
          url: '/v1/imports',
          headers: { ...t.writer.headers, 'content-type': contentType },
          payload,
        });
        expectInvalid(res, 'body');
      }
    });
  });

  it('answers 400 without a file, or with the file in another field', async () => {
    await expectNothingStored(async () => {
      expectInvalid(await postParts(h, t.writer, fields()), 'body.file');
      await inBothOrders(t.writer, fields(), filePart(notes().content, 'notes.md', 'upload'), (res) =>
        expectInvalid(res, 'body.upload'),
      );
    });
  });

  it('answers 400 naming each missing or invalid field, storing nothing', async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ workspace_key: undefined }, 'body.workspace_key'],
      [{ project_key: undefined }, 'body.project_key'],
      [{ source: undefined }, 'body.source'],
      [{ source: '' }, 'body.source'],
      [{ source: 'Bad Source!' }, 'body.source'],
      [{ source: 'agent jsonl' }, 'body.source'],
      [{ source: '../text' }, 'body.source'],
      [{ source: 'x'.repeat(51) }, 'body.source'],
      [{ workspace_key: 'Not A Key' }, 'body.workspace_key'],
      [{ project_key: 'no-host-kind' }, 'body.project_key'],
      [{ project_key: 'codehost:acme/../api' }, 'body.project_key'],
    ];
    await expectNothingStored(async () => {
      for (const [overrides, path] of cases) {
        await inBothOrders(t.writer, fields(overrides), filePart(notes().content), (res) =>
          expectInvalid(res, path),
        );
      }
    });
  });

  it('answers a clean 4xx to hostile field values, never a 5xx, storing nothing', async () => {
    await expectNothingStored(async () => {
      for (const name of ['workspace_key', 'project_key', 'source']) {
        for (const value of HOSTILE_STRINGS) {
          await inBothOrders(t.writer, fields({ [name]: value }), filePart(notes().content), (res) => {
            expect(res.statusCode, `${name}=${value.slice(0, 40)}: ${res.body}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode).toBeLessThan(500);
          });
        }
      }
    });
  });

  it('refuses two files (400), storing neither', async () => {
    await expectNothingStored(async () => {
      const two = [filePart(Buffer.from('first file')), filePart(Buffer.from('second file'), 'b.md')];
      for (const parts of [
        [...fields(), ...two],
        [two[0]!, ...fields(), two[1]!],
      ]) {
        const res = await postParts(h, t.writer, parts);
        const error = expectError(res, 400, 'validation_failed');
        expect(JSON.stringify(error.details)).toMatch(/one file/);
      }
    });
  });

  it('answers 400 to a field given twice (never "the last one wins"), storing nothing', async () => {
    await expectNothingStored(() =>
      inBothOrders(t.writer, [...fields(), field('source', 'text')], filePart(notes().content), (res) => {
        const error = expectError(res, 400, 'validation_failed');
        expect(error.details).toEqual([{ path: 'body.source', message: 'is given more than once' }]);
      }),
    );
  });

  it('answers 400 to an unknown field, storing nothing', async () => {
    await expectNothingStored(() =>
      inBothOrders(
        t.writer,
        [...fields(), field('status', 'committed')],
        filePart(notes().content),
        (res) => {
          const error = expectError(res, 400, 'validation_failed');
          expect(JSON.stringify(error.details)).toContain('status');
        },
      ),
    );
  });

  it('records no import when its file cannot be moved into place (500), leaving no file', async () => {
    const dir = join(h.config.importDir, 'files');
    mkdirSync(dir, { recursive: true });
    const before = await uploadState(h, t.ws);
    renameSync(dir, `${dir}.moved`);
    writeFileSync(dir, 'not a directory');
    try {
      expectError(
        await upload(h, t.writer, { ws: t.ws, project: t.project, file: notes() }),
        500,
        'internal',
      );
    } finally {
      rmSync(dir);
      renameSync(`${dir}.moved`, dir);
    }
    expect(await uploadState(h, t.ws)).toEqual(before);
  });

  it('cleans the file name of directories and control characters; the stored file is named by its id', async () => {
    const cases: Array<[string, string]> = [
      ['../../etc/pa\u0001ss\u001fwd.md', 'passwd.md'],
      ['C:\\Users\\dana\\notes\u007f.md', 'notes.md'],
      ['sub/dir/\ttabbed.jsonl', 'tabbed.jsonl'],
      ['\u0001\u0002', 'upload'],
      [`${'n'.repeat(300)}.md`, 'n'.repeat(255)],
    ];
    for (const [sent, shown] of cases) {
      const up = await uploaded(h, t.writer, {
        ws: t.ws,
        project: t.project,
        source: 'text',
        file: { name: sent, content: Buffer.from('hello') },
      });
      expect(up.file_name).toBe(shown);
      expect(readFileSync(join(h.config.importDir, 'files', up.id), 'utf8')).toBe('hello');
    }
  });
});

describe('POST /v1/imports security', () => {
  const badKeys = () => [
    null,
    { headers: { authorization: 'Bearer' } },
    { headers: { authorization: 'Bearer not-a-key' } },
    { headers: { authorization: `Bearer ${generateKey()}` } },
    { headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } },
  ];

  it('answers 401 Invalid API key without a valid key, storing nothing', async () => {
    await expectNothingStored(async () => {
      for (const as of badKeys()) {
        await inBothOrders(as, fields(), filePart(notes().content), (res) => {
          const error = expectError(res, 401, 'unauthenticated');
          expect(error.message).toBe('Invalid API key');
        });
      }
    });
  });

  it('answers 403 to a project reader, storing nothing', async () => {
    await expectNothingStored(() =>
      inBothOrders(t.reader, fields(), filePart(notes().content), (res) =>
        expectError(res, 403, 'forbidden'),
      ),
    );
  });

  it('answers 404 to a workspace member outside the project and to an outsider, storing nothing', async () => {
    await expectNothingStored(async () => {
      for (const as of [t.bystander, outsider]) {
        await inBothOrders(as, fields(), filePart(notes().content), (res) =>
          expectError(res, 404, 'not_found'),
        );
      }
      // A project that does not exist, and the outsider naming their own workspace with the team's project.
      await inBothOrders(
        t.writer,
        fields({ project_key: 'codehost:acme/nowhere' }),
        filePart(notes().content),
        (res) => expectError(res, 404, 'not_found'),
      );
      await inBothOrders(outsider, fields({ workspace_key: outsiderWs }), filePart(notes().content), (res) =>
        expectError(res, 404, 'not_found'),
      );
    });
    expect(await uploadState(h, outsiderWs)).toMatchObject({ log: [] });
  });

  it('follows raw_access_min_role: with maintainer, a writer gets 403 and stores nothing', async () => {
    const strict = await h.workspace(
      [
        [t.writer, 'member'],
        [t.maintainer, 'member'],
      ],
      { raw_access_min_role: 'maintainer' },
    );
    const project = await h.project(strict, [
      [t.writer, 'writer'],
      [t.maintainer, 'maintainer'],
    ]);
    const options: UploadOptions = { ws: strict, project, file: notes() };
    await expectNothingStored(async () => {
      expectError(await upload(h, t.writer, options), 403, 'forbidden');
      expectError(await upload(h, t.writer, { ...options, fieldsLast: true }), 403, 'forbidden');
    }, strict);
    await uploaded(h, t.maintainer, options);
  });
});
