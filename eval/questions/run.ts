/**
 * `npm run eval:questions`: question-style recall. Loads corpus.json (554 conversational memories of
 * one fictional project, "dockside", a warehouse and logistics platform) into a scratch ctxhub, asks
 * every question of questions.json through GET /v1/memories?q=&limit=20&explain=true, and prints
 * recall@1, recall@5, recall@10 (a hit: at least one relevant memory in the top k) and MRR (over the
 * top 20), overall and per question kind, beside the same figures for a plain BM25 baseline
 * (bm25-baseline.ts) ranking the same memories for the same questions. Also prints ctxhub's misses
 * (no relevant memory in its top 5; the first 40), and the p50/p95 time of a recall request.
 *
 * Question kinds: `question` (as an assistant asks it), `paraphrase` (other words than the memory's:
 * synonyms, other word forms), `long` (12+ chatty words with filler), `keyword` (a few keywords, the
 * control). The memories, the questions and their relevance labels were written by hand from the
 * memories' meaning, without reading ctxhub's ranking code (src/modules/memories/), so the data is
 * not tuned to the ranker; questions whose answer changed over time label only the memory that is
 * true now (the older fact stays in the corpus as a distractor).
 *
 * Goal: ctxhub recall@5 >= 1.25x BM25 recall@5 (exit code 1 when missed).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { rememberCorpus, scratchApp, type CorpusMemory } from '../scratch-app.ts';
import { bm25Ranker } from './bm25-baseline.ts';

const KINDS = ['question', 'paraphrase', 'long', 'keyword'] as const;
type Kind = (typeof KINDS)[number];
interface Question {
  q: string;
  relevant: string[];
  kind: Kind;
}

const LIMIT = 20;
const GOAL_RATIO = 1.25;
const MAX_MISSES = 40;
/** "Now" of the corpus: its dates (May, "June") are written as of mid-June 2026. */
const NOW = Date.parse('2026-06-15T09:00:00.000Z');

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;
const corpus = read<CorpusMemory[]>('./corpus.json');
const questions = read<Question[]>('./questions.json');

// The corpus and the questions must agree before anything is measured.
const corpusIds = new Set(corpus.map((m) => m.id));
if (corpusIds.size !== corpus.length) throw new Error('corpus.json: duplicate ids');
for (const [i, question] of questions.entries()) {
  if (!KINDS.includes(question.kind)) throw new Error(`questions.json #${i + 1}: kind ${question.kind}`);
  if (!question.relevant.length) throw new Error(`questions.json #${i + 1}: no relevant memory`);
  for (const id of question.relevant)
    if (!corpusIds.has(id)) throw new Error(`questions.json #${i + 1}: unknown memory ${id}`);
}

/** Sums of one ranker's figures over a set of questions. */
interface Tally {
  n: number;
  at1: number;
  at5: number;
  at10: number;
  rr: number;
}
const emptyTally = (): Tally => ({ n: 0, at1: 0, at5: 0, at10: 0, rr: 0 });
/** `rank`: 1-based rank of the first relevant memory in the top LIMIT, or undefined. */
const add = (t: Tally, rank: number | undefined) => {
  t.n += 1;
  if (rank === undefined) return;
  t.at1 += rank <= 1 ? 1 : 0;
  t.at5 += rank <= 5 ? 1 : 0;
  t.at10 += rank <= 10 ? 1 : 0;
  t.rr += 1 / rank;
};
const firstRelevant = (ranked: string[], relevant: string[]): number | undefined => {
  const i = ranked.slice(0, LIMIT).findIndex((id) => relevant.includes(id));
  return i < 0 ? undefined : i + 1;
};
const share = (x: number, n: number) => (n ? x / n : 0).toFixed(3);
const figures = (t: Tally) =>
  `${share(t.at1, t.n)}  ${share(t.at5, t.n)}  ${share(t.at10, t.n)}  ${share(t.rr, t.n)}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const bm25 = bm25Ranker(corpus);
const s = await scratchApp();
try {
  const corpusIdOf = await rememberCorpus(s, s.projectKey, corpus, NOW);
  const groups = ['overall', ...KINDS];
  const ctxhub = new Map(groups.map((g) => [g, emptyTally()]));
  const baseline = new Map(groups.map((g) => [g, emptyTally()]));
  const misses: string[] = [];
  const timesMs: number[] = [];
  for (const question of questions) {
    const started = performance.now();
    const res = await s.app.inject({
      method: 'GET',
      url: '/v1/memories',
      headers: s.auth,
      query: {
        workspace_key: s.workspaceKey,
        project_key: s.projectKey,
        q: question.q,
        limit: String(LIMIT),
        explain: 'true',
      },
    });
    timesMs.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${question.q}: ${res.statusCode} ${res.body}`);
    const ranked = res.json<{ items: { id: string }[] }>().items.map((i) => corpusIdOf.get(i.id) ?? i.id);
    const rank = firstRelevant(ranked, question.relevant);
    const baselineRank = firstRelevant(bm25(question.q), question.relevant);
    for (const group of ['overall', question.kind]) {
      add(ctxhub.get(group)!, rank);
      add(baseline.get(group)!, baselineRank);
    }
    if (rank === undefined || rank > 5)
      misses.push(
        `  [${question.kind}] "${question.q}" -> ${rank ?? 'none'} (BM25 ${baselineRank ?? 'none'}; want ${question.relevant.join(', ')})`,
      );
  }

  console.log(`question eval: ${corpus.length} memories, ${questions.length} questions`);
  console.log(
    `${''.padEnd(12)}${'n'.padStart(4)}   ctxhub: R@1    R@5    R@10   MRR   |  BM25: R@1    R@5    R@10   MRR`,
  );
  for (const group of groups) {
    const c = ctxhub.get(group)!;
    const b = baseline.get(group)!;
    if (!c.n) continue;
    console.log(
      `${group.padEnd(12)}${String(c.n).padStart(4)}           ${figures(c)} |        ${figures(b)}`,
    );
  }
  const all = ctxhub.get('overall')!;
  const base = baseline.get('overall')!;
  const ratio = base.at5 ? all.at5 / base.at5 : Infinity;
  console.log(`recall@5 ctxhub / BM25: ${ratio.toFixed(2)}x`);
  const sorted = [...timesMs].sort((x, y) => x - y);
  console.log(
    `ctxhub recall request: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
  );
  if (misses.length) {
    const shown = misses.slice(0, MAX_MISSES);
    console.log(`ctxhub misses (rank of the first relevant memory, top ${LIMIT}): ${misses.length}`);
    console.log(shown.join('\n'));
    if (misses.length > shown.length) console.log(`  ... and ${misses.length - shown.length} more`);
  }
  const met = ratio >= GOAL_RATIO;
  console.log(`goal: recall@5 >= ${GOAL_RATIO}x BM25: ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
} finally {
  await s.close();
}
