/**
 * `npm run eval:recall`: loads the billing-api corpus (eval/recall/corpus.json) into a scratch
 * ctxhub, runs every query of queries.json through GET /v1/memories?q=, and prints recall@5 and
 * MRR per query kind and overall. Targets: recall@5 >= 0.95 and MRR >= 0.85 (exit code 1 when missed).
 */
import { readFileSync } from 'node:fs';
import { rememberCorpus, scratchApp } from '../scratch-app.ts';

interface CorpusItem {
  id: string;
  type: string;
  content: string;
  subpath?: string;
  age_days: number;
}
interface Query {
  q: string;
  kind: string;
  relevant: string[];
  current_subpath?: string;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;
const corpus = read<CorpusItem[]>('./corpus.json');
const queries = read<Query[]>('./queries.json');
const K = 5;

const s = await scratchApp();
try {
  const start = Date.now();
  const memoryIdOf = await rememberCorpus(s, s.projectKey, corpus, start);
  const byKind = new Map<string, { hits: number; rr: number; n: number }>();
  const misses: string[] = [];
  for (const query of queries) {
    const res = await s.app.inject({
      method: 'GET',
      url: '/v1/memories',
      headers: s.auth,
      query: {
        workspace_key: s.workspaceKey,
        project_key: s.projectKey,
        q: query.q,
        limit: '20',
        ...(query.current_subpath ? { current_subpath: query.current_subpath } : {}),
      },
    });
    if (res.statusCode !== 200) throw new Error(`${query.q}: ${res.statusCode} ${res.body}`);
    const ranked = res.json<{ items: { id: string }[] }>().items.map((i) => memoryIdOf.get(i.id));
    const firstRelevant = ranked.findIndex((id) => id !== undefined && query.relevant.includes(id));
    const hit = firstRelevant >= 0 && firstRelevant < K;
    const rr = firstRelevant >= 0 ? 1 / (firstRelevant + 1) : 0;
    for (const kind of [query.kind, 'overall']) {
      const acc = byKind.get(kind) ?? { hits: 0, rr: 0, n: 0 };
      acc.hits += hit ? 1 : 0;
      acc.rr += rr;
      acc.n += 1;
      byKind.set(kind, acc);
    }
    if (!hit)
      misses.push(`  [${query.kind}] "${query.q}" -> rank ${firstRelevant < 0 ? 'none' : firstRelevant + 1}`);
  }
  console.log(`recall eval: ${corpus.length} memories, ${queries.length} queries (recall@${K}, MRR)`);
  for (const [kind, a] of [...byKind].sort(([x], [y]) =>
    x === 'overall' ? 1 : y === 'overall' ? -1 : x < y ? -1 : 1,
  )) {
    console.log(
      `  ${kind.padEnd(10)} n=${String(a.n).padStart(2)}  recall@${K}=${(a.hits / a.n).toFixed(3)}  MRR=${(a.rr / a.n).toFixed(3)}`,
    );
  }
  if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
  const overall = byKind.get('overall')!;
  const met = overall.hits / overall.n >= 0.95 && overall.rr / overall.n >= 0.85;
  console.log(`targets recall@5 >= 0.95 and MRR >= 0.85: ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
} finally {
  await s.close();
}
