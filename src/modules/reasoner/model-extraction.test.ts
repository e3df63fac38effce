import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { ModelFake, type ModelCall } from '../../test/fakes/model-fake.ts';
import { useHarness } from '../../test/harness.ts';
import { created } from '../memories/memories.fixtures.ts';
import { placeOf, pipelineHelpers, runPipeline, stagedOf } from '../imports/imports.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { auditOf } from '../workspaces/workspace-routes-scenario.fixtures.ts';

/**
 * Model extraction through the import API: the workspace setting, the model's proposals merged
 * with the rules' (deduplicated, each staged memory saying what produced it), failures that leave
 * the rules' memories as they are, and the per-import budget of calls. A language model fake of
 * the OpenAI-style API answers on 127.0.0.1.
 */
const h = useHarness();
const model = new ModelFake();
let t: Team;

beforeAll(async () => {
  await model.listen();
  t = await team(h);
});
afterAll(() => model.close());
beforeEach(() => model.reset());

const { fresh } = pipelineHelpers(h, () => t);

/** Configures the workspace's language model: the fake, with `apiKey`. */
async function saveModel(p: Team, apiKey = model.apiKey): Promise<void> {
  const put = await h.request('PUT', '/v1/integrations', {
    as: p.admin,
    body: {
      workspace_key: p.ws,
      provider: 'audit_reasoner',
      enabled: true,
      config: { llm_provider: 'openai', model: 'gpt-test', api_key: apiKey, base_url: model.baseUrl },
    },
  });
  expect(put.statusCode, put.body).toBe(200);
}

/** A fresh project whose workspace has the model configured (and model extraction on, unless told). */
async function modelProject(on = true): Promise<Team> {
  const p = await fresh();
  await saveModel(p);
  const patch = await h.request('PATCH', `/v1/workspaces/${p.ws}`, {
    as: p.admin,
    body: { model_extraction: on },
  });
  expect(patch.statusCode, patch.body).toBe(200);
  return p;
}

/** The numbered messages of a call's prompt (`[n] role: text`, one blank line between). */
function messagesOf(call: ModelCall): string[] {
  const prompt = call.body.messages?.at(-1)?.content ?? '';
  return prompt.split(/\n\n(?=\[\d+\] (?:user|assistant): )/);
}
const indexOf = (call: ModelCall, phrase: string) => messagesOf(call).findIndex((m) => m.includes(phrase));

const answer = (memories: unknown[]) => JSON.stringify({ memories });

describe('model extraction: the workspace setting', () => {
  it('is off by default: extract sends nothing and stages what the rules find', async () => {
    const p = await modelProject(false);
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    expect(model.calls).toHaveLength(0);
    expect(Object.keys(extracted!.stats).filter((k) => k.startsWith('model_'))).toEqual([]);
    const staged = await stagedOf(h, extracted!.id);
    expect(staged.length).toBeGreaterThan(0);
    expect(new Set(staged.map((s) => s.producer))).toEqual(new Set(['rules']));
  });

  it('is changed by admins only, audited, and refuses what is not a boolean', async () => {
    const p = await modelProject(false);
    const asWriter = await h.request('PATCH', `/v1/workspaces/${p.ws}`, {
      as: p.writer,
      body: { model_extraction: true },
    });
    expect(asWriter.statusCode).toBe(403);
    for (const bad of ['yes', 1, null, { on: true }]) {
      expectInvalid(
        await h.request('PATCH', `/v1/workspaces/${p.ws}`, { as: p.admin, body: { model_extraction: bad } }),
        'body.model_extraction',
      );
    }
    const on = await h.request('PATCH', `/v1/workspaces/${p.ws}`, {
      as: p.admin,
      body: { model_extraction: true, reason: 'try the model' },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ model_extraction: true });
    const [entry] = await auditOf(h, p.ws, 'workspace_settings.');
    expect(entry?.target.params).toMatchObject({
      changed_fields: ['model_extraction'],
      changes: { model_extraction: { from: false, to: true } },
      reason: 'try the model',
    });
  });
});

describe('model extraction: merged with the rules', () => {
  it("stages the model's new memories, marks the ones the rules found too, and leaves out the rest", async () => {
    const p = await modelProject();
    await created(h, placeOf(p), p.writer, 'caveat', 'Paid invoices must never be deleted by a migration.');
    model.script = (call) =>
      answer([
        // The rules' decision, in the same words: merged.
        {
          type: 'decision',
          content: 'We decided to use PostgreSQL advisory locks for the invoice job (BILL-142).',
          message: indexOf(call, 'advisory locks for the invoice job'),
        },
        // New: the rules do not stage open questions.
        {
          type: 'problem',
          content: 'It is still open whether the dunning run takes the invoice advisory lock or its own key.',
          message: indexOf(call, 'dunning run also take'),
        },
        // The project remembers it already.
        {
          type: 'caveat',
          content: 'Paid invoices must never be deleted by a migration.',
          message: indexOf(call, 'advisory locks for the invoice job'),
        },
        { type: 'opinion', content: 'Not one of the memory types at all.', message: 0 },
        { type: 'note', content: 'Points at a message that does not exist.', message: 999 },
        { type: 'note', content: 'too short', message: 0 },
      ]);
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.body.messages?.[0]?.content).toContain('Answer with JSON only');
    expect(extracted!.stats).toMatchObject({
      model_chunks: 1,
      model_chunks_failed: 0,
      model_chunks_skipped: 0,
      model_proposed: 4,
      model_staged: 1,
      model_merged: 1,
    });
    const staged = await stagedOf(h, extracted!.id);
    const byProducer = (producer: string) => staged.filter((s) => s.producer === producer);
    expect(byProducer('both').map((s) => [s.type, s.content])).toEqual([
      ['decision', expect.stringContaining('advisory locks for the invoice job')],
    ]);
    expect(byProducer('model')).toEqual([
      expect.objectContaining({
        type: 'problem',
        content: 'It is still open whether the dunning run takes the invoice advisory lock or its own key.',
        selected: true,
      }),
    ]);
    expect(byProducer('rules').length).toBe(staged.length - 2);
    expect(staged.some((s) => s.content.startsWith('Paid invoices must never'))).toBe(false);
  });

  it('cites the repository files a proposal names, else those of its message', async () => {
    const p = await modelProject();
    const line = (uuid: string, content: string) =>
      JSON.stringify({ type: 'user', sessionId: 'S', uuid, message: { role: 'user', content } });
    const file = {
      name: 'cites.jsonl',
      content: Buffer.from(
        `${line('u1', 'Is the dunning run in `src/billing/dunning.ts` or jobs/dunning.py:7 holding its own lock?')}\n`,
      ),
    };
    model.script = (call) =>
      answer([
        {
          type: 'problem',
          content: 'It is unclear which lock the dunning run holds.',
          message: indexOf(call, 'dunning run'),
        },
        {
          type: 'note',
          content: 'The dunning run is defined in jobs/dunning.py.',
          message: indexOf(call, 'dunning run'),
        },
      ]);
    const { extracted } = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    const staged = await stagedOf(h, extracted!.id);
    expect(staged.map((s) => [s.producer, s.content, s.metadata])).toEqual([
      [
        'model',
        'It is unclear which lock the dunning run holds.',
        { cites: [{ path: 'src/billing/dunning.ts' }, { path: 'jobs/dunning.py' }] },
      ],
      ['model', 'The dunning run is defined in jobs/dunning.py.', { cites: [{ path: 'jobs/dunning.py' }] }],
    ]);
  });

  it("keeps the rules' memories and says why when the model fails, masking secrets it echoes", async () => {
    const p = await modelProject();
    model.answerNext({
      reply: { status: 200, body: { choices: [{ message: { content: 'I cannot help.' } }] } },
    });
    const failed = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    expect(failed.extracted!.status).toBe('extracted');
    expect(failed.extracted!.stats).toMatchObject({
      model_chunks: 1,
      model_chunks_failed: 1,
      model_staged: 0,
    });
    const rules = await stagedOf(h, failed.extracted!.id);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((s) => s.producer === 'rules')).toBe(true);
    const [entry] = await auditOf(h, p.ws, 'import.extracted');
    expect(entry?.target.params).toMatchObject({
      model_error: 'the model answered no memories JSON of the asked shape',
    });

    const token = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
    model.script = (call) =>
      answer([
        {
          type: 'caveat',
          content: `The deploy token ${token} was pasted into the notes.`,
          message: indexOf(call, 'Open questions'),
        },
      ]);
    const echoed = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    const fromModel = (await stagedOf(h, echoed.extracted!.id)).filter((s) => s.producer === 'model');
    expect(fromModel).toHaveLength(1);
    expect(fromModel[0]?.content).not.toContain(token);
    expect(fromModel[0]?.content).toContain('[redacted');
  });

  it('stops at a refused key and sends at most 16 chunks of a large import', async () => {
    const p = await modelProject();
    const lines = [
      JSON.stringify({ id: '7c1f0f4e-1b2a-4c3d-9e8f-0a1b2c3d4e5f', timestamp: '2026-11-02T10:00:00Z' }),
    ];
    for (let i = 0; i < 100; i++) {
      const text = `Message ${i}: ${'we keep the invoice job on one replica and watch the queue. '.repeat(42)}`;
      lines.push(JSON.stringify({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] }));
    }
    const file = { name: 'long.jsonl', content: Buffer.from(lines.join('\n')) };
    model.script = () => answer([]);
    const big = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    expect(model.calls).toHaveLength(16);
    expect(big.extracted!.stats).toMatchObject({
      model_chunks: 16,
      model_chunks_skipped: 1,
      model_proposed: 0,
    });
    const [entry] = await auditOf(h, p.ws, 'import.extracted');
    expect(entry?.target.params).toMatchObject({
      model_error: 'only the first 16 chunks of the import were sent to the model',
    });

    model.calls.length = 0;
    await saveModel(p, 'sk-wrong-0123456789abcdefghij');
    const refused = await runPipeline(h, p.writer, { ws: p.ws, project: p.project, file }, 'extract');
    expect(model.calls).toHaveLength(1);
    expect(refused.extracted!.stats).toMatchObject({
      model_chunks: 1,
      model_chunks_failed: 1,
      model_chunks_skipped: 16,
    });
  });
});
