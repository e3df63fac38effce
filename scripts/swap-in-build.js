// Puts a finished build in place whole (dist/, web/dist): the old one is moved aside, the new one
// renamed in, the old one removed. A command started meanwhile runs the old build or the new one,
// never half of each. Plain JavaScript: it runs before anything is compiled.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function swapInBuild(built, target) {
  const old = join(dirname(target), `.dist-old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  try {
    renameSync(built, target);
  } catch (err) {
    // Another build swapped its own in first: it is as fresh as this one.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
  }
  rmSync(old, { recursive: true, force: true });
}
