/**
 * `npm run eval:bundle`: loads the web shop corpus (eval/bundle/corpus.json) into a scratch ctxhub
 * (statuses as written, created at `age_days` in the past), asks GET /v1/context/bundle?mode=debug
 * for every question of questions.json, and prints per question and per kind:
 * - recall: the share of the expected memories shown anywhere in the bundle (the summary, the
 *   snapshot sections or retrieval.results);
 * - budget use: debug.token_budget.used / budget.
 * Exits 1 if a rejected memory is ever shown or a bundle request does not answer 200; a low recall
 * is printed, not failed.
 */
import { readFileSync } from 'node:fs';
import type { Bundle } from '../../src/modules/context/schemas.ts';
import { DEFAULT_BUDGET } from '../../src/modules/context/bundle-budget.ts';
import { oneLine } from '../../src/modules/context/one-line.ts';
import { rememberCorpus, scratchApp } from '../scratch-app.ts';

interface CorpusItem {
  id: string;
  type: string;
  content: string;
  status: 'confirmed' | 'draft' | 'rejected';
  age_days: number;
  subpath?: string;
}
interface Question {
  kind: 'session_start' | 'task' | 'subproject';
  q?: string;
  current_subpath?: string;
  budget?: number;
  expected: string[];
}
interface Row {
  question: Question;
  budget: number;
  status: number;
  recall: number;
  use: number;
  missing: string[];
  rejected: string[];
  overBudget: boolean;
  duplicates: number;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;
const corpus = read<CorpusItem[]>('./corpus.json');
const questions = read<Question[]>('./questions.json');
const PROJECT_KEY = 'codehost:acme/shop';
/**
 * "Now" of the evaluation, fixed so created_at strings (and so their token counts) are the same at
 * every run; memory ids stay random, which moves an item's token count by a token or two.
 */
const NOW = Date.parse('2026-03-02T09:00:00.000Z');

// The corpus and the questions must agree before anything is measured.
const byId = new Map(corpus.map((item) => [item.id, item]));
if (byId.size !== corpus.length) throw new Error('corpus.json: duplicate ids');
for (const [i, question] of questions.entries()) {
  for (const id of question.expected) {
    const item = byId.get(id);
    if (!item) throw new Error(`questions.json #${i + 1}: unknown memory ${id}`);
    if (item.status === 'rejected') throw new Error(`questions.json #${i + 1}: ${id} is rejected`);
  }
}

/** The summary is shown as text without an id: find the summary memory it was cut from. */
function summaryIdOf(summary: string): string | undefined {
  const head = summary.replace(/…$/, '');
  if (head.length < 20) return undefined;
  return corpus.find(
    (item) => item.type === 'summary' && oneLine(item.content, item.content.length).startsWith(head),
  )?.id;
}

const s = await scratchApp();
const rows: Row[] = [];
try {
  const created = await s.app.inject({
    method: 'POST',
    url: `/v1/workspaces/${s.workspaceKey}/projects`,
    headers: s.auth,
    payload: { key: PROJECT_KEY, name: 'Acme Shop' },
  });
  if (created.statusCode !== 201) throw new Error(`project: ${created.statusCode} ${created.body}`);

  const corpusIdOf = await rememberCorpus(s, PROJECT_KEY, corpus, NOW);
  // The Active Work section shows items that inference makes from active_work memories.
  await s.runJobs();

  for (const question of questions) {
    const budget = question.budget ?? DEFAULT_BUDGET;
    const res = await s.app.inject({
      method: 'GET',
      url: '/v1/context/bundle',
      headers: s.auth,
      query: {
        workspace_key: s.workspaceKey,
        project_key: PROJECT_KEY,
        mode: 'debug',
        budget: String(budget),
        ...(question.q ? { q: question.q } : {}),
        ...(question.current_subpath ? { current_subpath: question.current_subpath } : {}),
      },
    });
    if (res.statusCode !== 200) {
      console.error(`bundle for ${JSON.stringify(question)}: ${res.statusCode} ${res.body}`);
      rows.push({
        question,
        budget,
        status: res.statusCode,
        recall: 0,
        use: 0,
        missing: question.expected,
        rejected: [],
        overBudget: false,
        duplicates: 0,
      });
      continue;
    }
    const bundle = res.json<Bundle>();
    const { top_constraints, top_decisions, active_work, recent_activity } = bundle.snapshot;
    const snapshotItems = [...top_constraints, ...top_decisions, ...active_work, ...recent_activity];
    const shownItems = [...snapshotItems, ...bundle.retrieval.results];
    const shown = new Set<string>();
    const rejected = new Set<string>();
    for (const item of shownItems) {
      // An Active Work item counts as the memory its newest evidence is.
      const memoryId = item.id.startsWith('awi_')
        ? (item.evidence_ref ?? '').replace(/^memory:/, '')
        : item.id;
      const id = corpusIdOf.get(memoryId) ?? `unknown:${item.id}`;
      shown.add(id);
      if (item.status === 'rejected' || byId.get(id)?.status === 'rejected') rejected.add(id);
    }
    const summaryId = summaryIdOf(bundle.snapshot.summary);
    if (summaryId) shown.add(summaryId);
    const snapshotIds = new Set(snapshotItems.map((item) => item.id));
    const used = bundle.debug?.token_budget.used ?? Number.NaN;
    const missing = question.expected.filter((id) => !shown.has(id));
    rows.push({
      question,
      budget,
      status: res.statusCode,
      recall: (question.expected.length - missing.length) / question.expected.length,
      use: used / budget,
      missing,
      rejected: [...rejected],
      overBudget: !(used <= budget),
      duplicates: bundle.retrieval.results.filter((item) => snapshotIds.has(item.id)).length,
    });
  }
} finally {
  await s.close();
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const label = (q: Question) =>
  `${q.q ? `"${q.q}"` : '(session start)'}${q.current_subpath ? ` @${q.current_subpath}` : ''}`;

console.log(
  `bundle eval: ${corpus.length} memories, ${questions.length} questions (project ${PROJECT_KEY}, mode=debug)`,
);
console.log(
  ` #  ${'kind'.padEnd(13)} ${'budget'.padStart(6)}  recall  ${'used/budget'.padStart(16)}  question`,
);
for (const [i, r] of rows.entries()) {
  const used = `${Math.round(r.use * r.budget)}/${r.budget} ${pct(r.use).padStart(6)}`;
  const flags = [
    r.status !== 200 ? `HTTP ${r.status}` : '',
    r.rejected.length ? `REJECTED SHOWN: ${r.rejected.join(', ')}` : '',
    r.overBudget ? 'OVER BUDGET' : '',
  ].filter(Boolean);
  console.log(
    `${String(i + 1).padStart(2)}  ${r.question.kind.padEnd(13)} ${String(r.budget).padStart(6)}  ${r.recall.toFixed(3)}  ${used.padStart(16)}  ${label(r.question)}${flags.length ? `  [${flags.join('; ')}]` : ''}`,
  );
}

const kinds = [...new Set(rows.map((r) => r.question.kind))].sort();
console.log('per kind:');
for (const kind of [...kinds, 'overall']) {
  const of = rows.filter((r) => kind === 'overall' || r.question.kind === kind);
  console.log(
    `  ${kind.padEnd(13)} n=${String(of.length).padStart(2)}  recall=${mean(of.map((r) => r.recall)).toFixed(3)}  budget use=${pct(mean(of.map((r) => r.use)))}`,
  );
}

const misses = rows.flatMap((r, i) => (r.missing.length ? [`  #${i + 1}: ${r.missing.join(', ')}`] : []));
if (misses.length) console.log(`expected but not shown:\n${misses.join('\n')}`);
const duplicates = rows.reduce((n, r) => n + r.duplicates, 0);
console.log(`retrieval results also shown in a snapshot section: ${duplicates} (over all questions)`);
const overBudget = rows.filter((r) => r.overBudget).length;
if (overBudget) console.log(`bundles over their budget: ${overBudget}`);

const rejectedShown = rows.reduce((n, r) => n + r.rejected.length, 0);
const httpFailures = rows.filter((r) => r.status !== 200).length;
console.log(
  `bundle eval: recall@bundle ${mean(rows.map((r) => r.recall)).toFixed(3)}, mean budget use ${pct(mean(rows.map((r) => r.use)))}, rejected shown: ${rejectedShown}`,
);
if (httpFailures) console.log(`bundle requests not answered 200: ${httpFailures}`);
process.exitCode = rejectedShown > 0 || httpFailures > 0 ? 1 : 0;
