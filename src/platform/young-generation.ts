import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation grows 16 times larger each time it grows (V8's default is 2).
 *
 * After a quiet spell (allocation under about 1 MB/s over the last 5 s, e.g. an assistant idle
 * for 30 s), V8 shrinks the young generation to its initial 1 MB. It grows back only as objects
 * survive collections, doubling each time, so the requests after the spell pay for many more
 * collections than usual (in young-generation.test.ts, 27 for work that took 3 before the spell,
 * then 12; with this factor about 15, then 3). The largest size is unchanged, so no memory is
 * added. V8 reads the flag each time it grows, so it may be set once the process runs.
 */
export const YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=16';

/** Makes V8 grow the young generation back quickly (see above); call once at start. */
export function regrowYoungGenerationQuickly(): void {
  setFlagsFromString(YOUNG_GENERATION_FLAG);
}
