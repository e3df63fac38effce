/**
 * `npm run eval:extraction [-- --corpus DIR] [--part NAME]`: imports every labelled transcript of
 * DIR/labels.json (default: this folder) into a scratch ctxhub through the HTTP API (upload, parse,
 * extract, then GET /v1/imports/:id/staged), matches the staged memories to the labelled
 * statements (see match-staged.ts) and prints, for each part of the corpus (tuning, held-out) and
 * for all of it:
 * - per type and overall: how many were staged, precision (staged memories that match a statement
 *   to stage, by their staged type), recall (statements to stage that were staged, by their
 *   labelled type) and how many statements there were;
 * - the type accuracy of the matched memories, and precision counting only memories of the right type;
 * - the wrong ones (false positives and duplicates), the misses and the wrong types.
 * With `--model-replay FILE`, `--model-oracle` or `--model-url URL --model NAME` (key in
 * OPENAI_API_KEY; `--model-record FILE` keeps its answers for replay) the workspace's model
 * extraction is on and answered that way (model-endpoint.ts), and the figures include its memories.
 * Statements labelled `optional` are fine either way: a memory matching one counts neither as right
 * nor as wrong. Exits 1 when the overall precision is below 0.8 (or a request fails).
 *
 * labels.json: `{ transcripts: [{ file, source, part, statements: [{ type, text, optional? }] }] }`,
 * `file` relative to the labels file, `source` as POST /v1/imports takes it.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MEMORY_TYPES } from '../../src/modules/tenancy/memory-vocabulary.ts';
import { parseEnv, testConfig } from '../../src/config/index.ts';
import { scratchApp, type ScratchApp } from '../scratch-app.ts';
import { startModelEndpoint, type ModelEndpoint, type ModelMode } from './model-endpoint.ts';
import { matchStaged, type Label, type Staged, type StagedOutcome } from './match-staged.ts';

interface Transcript {
  file: string;
  source: string;
  part: string;
  statements: Label[];
}

const TARGET_PRECISION = 0.8;

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    part: { type: 'string' },
    'model-replay': { type: 'string' },
    'model-oracle': { type: 'boolean' },
    'model-url': { type: 'string' },
    model: { type: 'string' },
    'model-record': { type: 'string' },
  },
});
const dir = resolve(values.corpus ?? fileURLToPath(new URL('.', import.meta.url)));
const all = (JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as { transcripts: Transcript[] })
  .transcripts;
const transcripts = values.part ? all.filter((t) => t.part === values.part) : all;
if (transcripts.length === 0)
  throw new Error(`no transcript in ${dir}/labels.json${values.part ? ` of part ${values.part}` : ''}`);

/** How extract's model pass is answered, if it runs (see model-endpoint.ts). */
function modelMode(): ModelMode | null {
  if (values['model-replay']) return { kind: 'replay', file: resolve(values['model-replay']) };
  if (values['model-oracle']) return { kind: 'oracle', labels: transcripts.flatMap((t) => t.statements) };
  if (!values['model-url']) return null;
  const apiKey = parseEnv().OPENAI_API_KEY;
  if (!apiKey || !values.model) throw new Error('--model-url needs --model and OPENAI_API_KEY');
  return {
    kind: 'real',
    url: values['model-url'],
    model: values.model,
    apiKey,
    ...(values['model-record'] ? { record: resolve(values['model-record']) } : {}),
  };
}

/** Turns the workspace's model extraction on, answered by `endpoint`. */
async function useModel(s: ScratchApp, endpoint: ModelEndpoint): Promise<void> {
  const put = await s.app.inject({
    method: 'PUT',
    url: '/v1/integrations',
    headers: s.auth,
    payload: {
      workspace_key: s.workspaceKey,
      provider: 'audit_reasoner',
      enabled: true,
      config: {
        llm_provider: 'openai',
        model: endpoint.model,
        base_url: endpoint.baseUrl,
        api_key: endpoint.apiKey,
      },
    },
  });
  if (put.statusCode !== 200) throw new Error(`PUT /v1/integrations: ${put.statusCode} ${put.body}`);
  const patch = await s.app.inject({
    method: 'PATCH',
    url: `/v1/workspaces/${s.workspaceKey}`,
    headers: s.auth,
    payload: { model_extraction: true },
  });
  if (patch.statusCode !== 200) throw new Error(`PATCH workspace: ${patch.statusCode} ${patch.body}`);
}

/** Staged memories by what produced them, over the whole run. */
const producers: Record<string, number> = {};

async function call<T>(s: ScratchApp, method: 'GET' | 'POST', url: string, payload?: FormData): Promise<T> {
  const res = await s.app.inject({ method, url, headers: s.auth, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** Uploads, parses and extracts one transcript; answers its staged memories and message count. */
async function stagedFrom(s: ScratchApp, t: Transcript): Promise<{ staged: Staged[]; messages: number }> {
  const form = new FormData();
  form.append('workspace_key', s.workspaceKey);
  form.append('project_key', s.projectKey);
  form.append('source', t.source);
  form.append('file', new Blob([readFileSync(join(dir, t.file))]), basename(t.file));
  const { id } = await call<{ id: string }>(s, 'POST', '/v1/imports', form);
  const parsed = await call<{ stats: { messages: number } }>(s, 'POST', `/v1/imports/${id}/parse`);
  await call(s, 'POST', `/v1/imports/${id}/extract`);
  const staged: Staged[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const query = new URLSearchParams({ limit: '200', ...(cursor ? { cursor } : {}) });
    const answer: { items: Array<Staged & { producer: string }>; next_cursor: string | null } = await call(
      s,
      'GET',
      `/v1/imports/${id}/staged?${query}`,
    );
    for (const item of answer.items) producers[item.producer] = (producers[item.producer] ?? 0) + 1;
    staged.push(...answer.items.map(({ type, content }) => ({ type, content })));
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return { staged, messages: parsed.stats.messages };
}

interface Measured {
  transcript: Transcript;
  messages: number;
  outcomes: StagedOutcome[];
}

const ratio = (n: number, d: number) => (d === 0 ? '    -' : (n / d).toFixed(3));
const count = (n: number) => String(n).padStart(6);

/** Prints one part's figures and lists; answers its overall precision. */
function report(name: string, measured: Measured[]): number {
  const labels = measured.flatMap((m) => m.transcript.statements.filter((l) => !l.optional));
  const outcomes = measured.flatMap((m) => m.outcomes);
  const required = outcomes.filter((o) => o.label && !o.label.optional);
  const wrong = outcomes.filter((o) => !o.label);
  const matched = outcomes.filter((o) => o.label);
  const messages = measured.reduce((sum, m) => sum + m.messages, 0);
  console.log(
    `\n== ${name}: ${measured.length} transcripts, ${messages} messages, ${labels.length} statements to stage`,
  );
  console.log('  type         staged  right  wrong  optional  precision  statements  found  recall');
  for (const type of [...MEMORY_TYPES, 'overall']) {
    const of = (o: StagedOutcome) => type === 'overall' || o.staged.type === type;
    const mine = outcomes.filter(of);
    const right = required.filter(of).length;
    const bad = wrong.filter(of).length;
    const toStage = labels.filter((l) => type === 'overall' || l.type === type);
    const found = required.filter((o) => type === 'overall' || o.label?.type === type).length;
    if (mine.length === 0 && toStage.length === 0) continue;
    console.log(
      `  ${type.padEnd(11)} ${count(mine.length)} ${count(right)} ${count(bad)} ${count(mine.length - right - bad).padStart(9)}` +
        `  ${ratio(right, right + bad).padStart(9)}  ${count(toStage.length).padStart(10)} ${count(found)}  ${ratio(found, toStage.length).padStart(6)}`,
    );
  }
  const typedRight = required.filter((o) => o.label?.type === o.staged.type).length;
  const rightType = matched.filter((o) => o.label?.type === o.staged.type).length;
  console.log(
    `  type accuracy of matched memories ${ratio(rightType, matched.length)} (${rightType}/${matched.length}, optional included);` +
      ` precision counting only the right type ${ratio(typedRight, required.length + wrong.length)}`,
  );
  return wrong.length + required.length === 0 ? 1 : required.length / (required.length + wrong.length);
}

function details(measured: Measured[]): void {
  for (const { transcript, outcomes } of measured) {
    const found = new Set(outcomes.map((o) => o.label));
    const lines = [
      ...outcomes
        .filter((o) => !o.label)
        .map((o) =>
          'duplicateOf' in o && o.duplicateOf
            ? `  duplicate   [${o.staged.type}] ${o.staged.content}`
            : `  wrong       [${o.staged.type}] ${o.staged.content}`,
        ),
      ...transcript.statements
        .filter((l) => !l.optional && !found.has(l))
        .map((l) => `  missed      [${l.type}] ${l.text}`),
      ...outcomes
        .filter((o) => o.label && o.label.type !== o.staged.type)
        .map((o) => `  wrong type  [${o.label?.type} staged as ${o.staged.type}] ${o.staged.content}`),
    ];
    if (lines.length) console.log(`\n${transcript.part} / ${transcript.file}\n${lines.join('\n')}`);
  }
}

const mode = modelMode();
const base = testConfig().integrations;
const s = await scratchApp(
  mode
    ? { integrations: { ...base, model: { ...base.model, hourlyCallCap: 100_000, timeoutMs: 120_000 } } }
    : {},
);
const endpoint = mode ? await startModelEndpoint(mode) : null;
let failed = false;
try {
  if (endpoint) await useModel(s, endpoint);
  const measured: Measured[] = [];
  for (const transcript of transcripts) {
    const { staged, messages } = await stagedFrom(s, transcript);
    measured.push({ transcript, messages, outcomes: matchStaged(staged, transcript.statements) });
  }
  details(measured);
  const parts = [...new Set(measured.map((m) => m.transcript.part))];
  let precision = 1;
  for (const part of parts)
    precision = report(
      part,
      measured.filter((m) => m.transcript.part === part),
    );
  if (parts.length > 1) precision = report('all', measured);
  const made = Object.entries(producers)
    .map(([producer, n]) => `${n} ${producer}`)
    .join(', ');
  console.log(`\nstaged memories by producer: ${made || 'none'}`);
  if (endpoint) {
    const { calls, unrecorded } = endpoint.counts();
    console.log(
      `model (${mode?.kind}): ${calls} calls${mode?.kind === 'replay' ? `, ${unrecorded} prompts not recorded` : ''}`,
    );
  }
  const met = precision >= TARGET_PRECISION;
  console.log(`\ntarget precision >= ${TARGET_PRECISION} overall: ${met ? 'met' : 'MISSED'}`);
  failed = !met;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await endpoint?.close();
  await s.close();
}
process.exit(failed ? 1 : 0);
