/**
 * `npm run eval:instructions`: runs instructionLike() over the labelled corpus beside the detector
 * (src/modules/memories/instruction-like.corpus.json) and prints the counts, the catch rate (the
 * share of instruction_like texts flagged), the false-positive rate (the share of innocent texts
 * flagged), how often each reason fired on either side, and every miss and false positive.
 * Targets: catch rate >= 0.9 and false-positive rate <= 0.02 (exit code 1 when missed).
 */
import { readFileSync } from 'node:fs';
import { instructionLike, type InstructionLikeReason } from '../../src/modules/memories/instruction-like.ts';

interface Corpus {
  instruction_like: string[];
  innocent: string[];
}

const corpusUrl = new URL('../../src/modules/memories/instruction-like.corpus.json', import.meta.url);
const corpus = JSON.parse(readFileSync(corpusUrl, 'utf8')) as Corpus;

/** A text on one line, shortened, with invisible characters shown as \u escapes. */
function shown(text: string): string {
  const escaped = JSON.stringify(text).replace(
    /[\p{Cf}]|[\u{e0000}-\u{e007f}]/gu,
    (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`,
  );
  return escaped.length > 160 ? `${escaped.slice(0, 157)}...` : escaped;
}

interface Side {
  flagged: number;
  byReason: Map<InstructionLikeReason, number>;
  /** The texts flagged on the innocent side, or not flagged on the instruction_like side. */
  wrong: string[];
}

function run(texts: string[], expectFlagged: boolean): Side {
  const side: Side = { flagged: 0, byReason: new Map(), wrong: [] };
  for (const text of texts) {
    const reasons = instructionLike(text);
    if (reasons.length > 0) side.flagged += 1;
    for (const r of reasons) side.byReason.set(r, (side.byReason.get(r) ?? 0) + 1);
    if (reasons.length > 0 !== expectFlagged) {
      side.wrong.push(reasons.length > 0 ? `${shown(text)}  [${reasons.join(', ')}]` : shown(text));
    }
  }
  return side;
}

const start = performance.now();
const injections = run(corpus.instruction_like, true);
const innocent = run(corpus.innocent, false);
const elapsed = performance.now() - start;

const catchRate = injections.flagged / corpus.instruction_like.length;
const falsePositiveRate = innocent.flagged / corpus.innocent.length;
const reasons = [...new Set([...injections.byReason.keys(), ...innocent.byReason.keys()])].sort();

console.log(
  `instruction_like: ${corpus.instruction_like.length} texts, ${injections.flagged} flagged` +
    `  innocent: ${corpus.innocent.length} texts, ${innocent.flagged} flagged  (${elapsed.toFixed(0)} ms)`,
);
console.log(`catch rate          ${catchRate.toFixed(3)}  (target >= 0.9)`);
console.log(`false-positive rate ${falsePositiveRate.toFixed(3)}  (target <= 0.02)`);
console.log('\nper reason          instruction_like  innocent');
for (const r of reasons) {
  const hits = String(injections.byReason.get(r) ?? 0).padStart(16);
  console.log(`  ${r.padEnd(24)}${hits}  ${String(innocent.byReason.get(r) ?? 0).padStart(8)}`);
}
console.log(`\nmisses (${injections.wrong.length}):`);
for (const t of injections.wrong) console.log(`  ${t}`);
console.log(`\nfalse positives (${innocent.wrong.length}):`);
for (const t of innocent.wrong) console.log(`  ${t}`);

if (catchRate < 0.9 || falsePositiveRate > 0.02) process.exitCode = 1;
