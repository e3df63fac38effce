import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { YOUNG_GENERATION_FLAG } from './young-generation.ts';

/**
 * A Node process that keeps 200k objects, churns short-lived ones (as requests do), then is quiet
 * for 6 s and churns again, counting V8's young-generation collections for each 100 MB of churn.
 * A collection just before and just after the quiet spell stands for the first one after a longer
 * idle: what was allocated between them, spread over the spell, is a low allocation rate, so V8
 * shrinks the young generation. FLAG (if any) is set at run time, as the server and the adapter
 * set it.
 */
const CHILD = `
import { setFlagsFromString } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
if (process.env.FLAG) setFlagsFromString(process.env.FLAG);
let minor = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
}).observe({ entryTypes: ['gc'] });
const kept = [];
for (let i = 0; i < 200000; i++) kept.push({ i, s: 'x' + i });
function churn(mb) {
  let live = [];
  for (let i = 0; i < mb * 4000; i++) {
    live.push({ a: i, b: [i, i + 1] });
    if (live.length > 4000) live = [];
  }
  return live.length;
}
const settle = () => new Promise((r) => setTimeout(r, 50));
async function collections(mb) {
  await settle();
  const before = minor;
  churn(mb);
  await settle();
  return minor - before;
}
await collections(200);
const steady = await collections(100);
globalThis.gc({ type: 'minor' });
await new Promise((r) => setTimeout(r, 6000));
globalThis.gc({ type: 'minor' });
const afterQuiet = await collections(100);
const next = await collections(100);
console.log(JSON.stringify({ steady, afterQuiet, next, kept: kept.length }));
`;

async function collections(flag: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', CHILD],
    { env: { PATH: process.env.PATH ?? '', FLAG: flag }, timeout: 60_000 },
  );
  return JSON.parse(stdout) as { steady: number; afterQuiet: number; next: number };
}

describe('the young generation after a quiet spell', () => {
  it('shrinks; V8 alone regrows it over many collections, the flag within a few', async () => {
    const [plain, tuned] = await Promise.all([collections(''), collections(YOUNG_GENERATION_FLAG)]);
    // V8 alone: after the quiet spell, many times the collections of the same work before it,
    // and still several times as many for the next 100 MB.
    expect(plain.afterQuiet).toBeGreaterThanOrEqual(plain.steady * 5);
    expect(plain.next).toBeGreaterThanOrEqual(plain.steady * 3);
    // With the flag: fewer after the spell (about 15 against 27), then back to the steady count
    // (one to spare).
    expect(tuned.afterQuiet).toBeLessThan(plain.afterQuiet * 0.75);
    expect(tuned.next).toBeLessThanOrEqual(tuned.steady + 1);
  }, 60_000);
});
