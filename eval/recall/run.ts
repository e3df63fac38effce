/**
 * `npm run eval:recall [-- --corpus DIR]`: loads a corpus (DIR/corpus.json; by default the
 * billing-api corpus beside this file) into a scratch ctxhub, runs every query of DIR/queries.json
 * through GET /v1/memories?q=&explain=true, and prints recall@5 and MRR per query kind, per match
 * rule and overall. A query's `rule` names the match rule it exercises (query-plan.ts); the eval
 * also counts how often the first relevant memory found was matched by that rule, as explain says
 * (a rule explain does not name is reported per rule all the same).
 * Targets: recall@5 >= 0.95 and MRR >= 0.85 overall (exit code 1 when missed).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rememberCorpus, scratchApp, type CorpusMemory } from '../scratch-app.ts';

interface Query {
  q: string;
  /** How the query is phrased: keyword, identifier, typo, paraphrase, mixed. */
  kind?: string;
  /** The match rule the query exercises; `transposition` is a `typo` that swaps two letters. */
  rule?: string;
  relevant: string[];
  current_subpath?: string;
}
interface Item {
  id: string;
  explain?: { matches: { term: string; rule: string; word: string }[] };
}

/** Each rule a query may name, and the rule `explain` names for it. */
const EXPLAIN_RULE: Record<string, string> = {
  identifier: 'identifier',
  joined: 'joined',
  parts: 'parts',
  stem: 'stem',
  prefix: 'prefix',
  split: 'split',
  typo: 'typo',
  transposition: 'typo',
};
const K = 5;

const { values } = parseArgs({ options: { corpus: { type: 'string' } } });
const dir = resolve(values.corpus ?? fileURLToPath(new URL('.', import.meta.url)));
const read = <T>(name: string): T => JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as T;
const corpus = read<CorpusMemory[]>('corpus.json');
const queries = read<Query[]>('queries.json');
const unknownRules = [
  ...new Set(queries.flatMap((q) => (q.rule && !(q.rule in EXPLAIN_RULE) ? [q.rule] : []))),
];

interface Tally {
  hits: number;
  rr: number;
  n: number;
  /** Queries whose first relevant memory found was matched by the query's rule. */
  byRule: number;
}
const tally = (into: Map<string, Tally>, key: string, hit: boolean, rr: number, byRule: boolean) => {
  const acc = into.get(key) ?? { hits: 0, rr: 0, n: 0, byRule: 0 };
  acc.hits += hit ? 1 : 0;
  acc.rr += rr;
  acc.n += 1;
  acc.byRule += byRule ? 1 : 0;
  into.set(key, acc);
};
const line = (name: string, a: Tally) =>
  `  ${name.padEnd(14)} n=${String(a.n).padStart(3)}  recall@${K}=${(a.hits / a.n).toFixed(3)}  MRR=${(a.rr / a.n).toFixed(3)}`;
const sorted = (m: Map<string, Tally>) => [...m].sort(([x], [y]) => (x < y ? -1 : 1));

const s = await scratchApp();
try {
  const start = Date.now();
  const memoryIdOf = await rememberCorpus(s, s.projectKey, corpus, start);
  const byKind = new Map<string, Tally>();
  const byRule = new Map<string, Tally>();
  const overall = new Map<string, Tally>();
  const misses: string[] = [];
  const otherRule: string[] = [];
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
        explain: 'true',
        ...(query.current_subpath ? { current_subpath: query.current_subpath } : {}),
      },
    });
    if (res.statusCode !== 200) throw new Error(`${query.q}: ${res.statusCode} ${res.body}`);
    const items = res.json<{ items: Item[] }>().items;
    const firstRelevant = items.findIndex((i) => query.relevant.includes(memoryIdOf.get(i.id) ?? ''));
    const hit = firstRelevant >= 0 && firstRelevant < K;
    const rr = firstRelevant >= 0 ? 1 / (firstRelevant + 1) : 0;
    const label = `[${query.rule ?? query.kind ?? '-'}] "${query.q}"`;
    let matchedByRule = false;
    const explainRule = query.rule === undefined ? undefined : EXPLAIN_RULE[query.rule];
    if (explainRule !== undefined && firstRelevant >= 0) {
      const matches = items[firstRelevant]?.explain?.matches ?? [];
      matchedByRule = matches.some((m) => m.rule === explainRule);
      if (!matchedByRule)
        otherRule.push(`  ${label} -> ${matches.map((m) => `${m.term}=${m.rule}:${m.word}`).join(', ')}`);
    }
    tally(byKind, query.kind ?? '(none)', hit, rr, false);
    if (query.rule !== undefined) tally(byRule, query.rule, hit, rr, matchedByRule);
    tally(overall, 'overall', hit, rr, false);
    if (!hit) misses.push(`  ${label} -> rank ${firstRelevant < 0 ? 'none' : firstRelevant + 1}`);
  }
  console.log(`recall eval: ${corpus.length} memories, ${queries.length} queries (recall@${K}, MRR)`);
  console.log('by query kind:');
  for (const [kind, a] of sorted(byKind)) console.log(line(kind, a));
  if (byRule.size)
    console.log('by match rule (and how many found their first relevant memory by that rule):');
  for (const [rule, a] of sorted(byRule))
    console.log(`${line(rule, a)}  by the rule ${rule in EXPLAIN_RULE ? `${a.byRule}/${a.n}` : 'unknown'}`);
  if (unknownRules.length)
    console.log(
      `rules explain does not name (${Object.keys(EXPLAIN_RULE).join(', ')}): ${unknownRules.join(', ')}`,
    );
  const all = overall.get('overall') ?? { hits: 0, rr: 0, n: 1, byRule: 0 };
  console.log(line('overall', all));
  if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
  if (otherRule.length) console.log(`found by another rule than the query's:\n${otherRule.join('\n')}`);
  const met = all.hits / all.n >= 0.95 && all.rr / all.n >= 0.85;
  console.log(`targets recall@5 >= 0.95 and MRR >= 0.85: ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
} finally {
  await s.close();
}
