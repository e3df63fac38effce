import { readFileSync } from 'node:fs';
import { STOP_WORDS } from '../src/modules/memories/recall-index/stop-words.ts';
import { MEMORY_TYPES } from '../src/modules/tenancy/memory-vocabulary.ts';
import { BENCH_QUERIES } from './seed-memories.ts';

/**
 * The queries of the `mcp-peers` suite. Each is a word, an identifier or a two-word phrase found
 * verbatim in the bench corpus, so all three servers have something to find: ctxhub's recall
 * matches words (English stems) and identifiers, server-memory's search_nodes and
 * mcp-memory-keeper's context_search match the query as a case-insensitive substring. They come
 * first from the recall-eval queries (their identifiers, words and word pairs), then from word pairs
 * of the eval corpus the bench corpus varies. Only specific queries are kept (found in at most
 * MAX_SHARE of the memories), as a person recalls one thing: a broad word would make
 * server-memory, which answers every match, return thousands of entities.
 */
const MAX_SHARE = 0.02;
const MIN_LETTERS = 4;

const corpusTexts = (
  JSON.parse(readFileSync(new URL('../eval/recall/corpus.json', import.meta.url), 'utf8')) as {
    content: string;
  }[]
).map((m) => m.content);

const isWord = (t: string) => new RegExp(`^\\p{L}{${MIN_LETTERS},}$`, 'u').test(t);
/** Not one of recall's stop words, which are never a query on their own. */
const isContentWord = (t: string) => isWord(t) && !STOP_WORDS.has(t.toLowerCase());
/** An identifier as written: a ticket-free code name (`computeTaxLines`, `invoice_lines`, `retry.ts`). */
const isIdentifier = (t: string) => /^[A-Za-z][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)+$|^[a-z]+[A-Z]\w*$/.test(t);

/** Adjacent tokens of `text` (split on spaces) that are both words, one of them a content word. */
function wordPairs(text: string): string[] {
  const tokens = text.split(/\s+/);
  const pairs: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    if (isWord(a) && isWord(b) && (isContentWord(a) || isContentWord(b))) pairs.push(`${a} ${b}`);
  }
  return pairs;
}

function candidates(): string[] {
  const fromEval = BENCH_QUERIES.flatMap((q) => {
    const tokens = q.split(/\s+/);
    return [
      ...tokens.filter(isIdentifier),
      ...tokens.filter((t) => isContentWord(t) && t.length >= 6),
      ...wordPairs(q),
    ];
  });
  return [...fromEval, ...corpusTexts.flatMap(wordPairs)];
}

export interface PeerQueries {
  /** Distinct from the measured ones, so no server answers a measured query it has seen. */
  warmup: string[];
  measured: string[];
  /** How many memories of the corpus contain each measured query (case-insensitive). */
  matches: number[];
}

/**
 * `warmup` + `measured` distinct queries found in `contents` (the corpus at its smallest size in
 * the run, so in every larger one too), each in at least one and at most MAX_SHARE of them.
 */
export function peerQueries(contents: string[], warmup: number, measured: number): PeerQueries {
  const lower = contents.map((c) => c.toLowerCase());
  const limit = Math.max(1, Math.floor(contents.length * MAX_SHARE));
  const picked: { q: string; matches: number }[] = [];
  const seen = new Set<string>();
  for (const q of candidates()) {
    const key = q.toLowerCase();
    // A type name would match every entity of that type in server-memory (it searches types too).
    if (seen.has(key) || MEMORY_TYPES.some((t) => t.includes(key))) continue;
    seen.add(key);
    let matches = 0;
    for (const c of lower) if (c.includes(key) && ++matches > limit) break;
    if (matches >= 1 && matches <= limit) picked.push({ q, matches });
    if (picked.length === warmup + measured) break;
  }
  if (picked.length < warmup + measured)
    throw new Error(
      `mcp-peers: only ${picked.length} queries found in ${contents.length} memories (needs ${warmup + measured})`,
    );
  // The eval-derived queries come first: all of them are measured; the warm-up takes the last ones.
  const measuredOnes = picked.slice(0, measured);
  return {
    warmup: picked.slice(measured).map((p) => p.q),
    measured: measuredOnes.map((p) => p.q),
    matches: measuredOnes.map((p) => p.matches),
  };
}
