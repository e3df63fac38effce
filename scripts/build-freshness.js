// Is dist/ the build of the sources as they are now? Read by bin/ctxhub.js at every start (so it
// must stay cheap: one small JSON file and one stat per compiled source, a few milliseconds) and by
// scripts/build.js. Plain JavaScript: it runs before anything is compiled.
import { readFileSync, statSync } from 'node:fs';

/** Written by scripts/build.js next to the compiled code (scripts/build-web.js: web/dist/build.json). */
export const STAMP_FILE = 'dist/build.json';

/**
 * Why dist/ cannot be run as it is (missing, or a source newer than the build), or null when it is
 * up to date. The build records every file it read (from src/, plus its own configuration) and the
 * time it started; a file changed, removed or renamed since then makes the build stale.
 */
export function staleBuildReason(root, stampFile = STAMP_FILE) {
  const out = stampFile.slice(0, stampFile.lastIndexOf('/') + 1);
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(`${root}/${stampFile}`, 'utf8'));
  } catch {
    return `${out} has not been built`;
  }
  for (const file of stamp.inputs) {
    const stats = statSync(`${root}/${file}`, { throwIfNoEntry: false });
    if (!stats) return `${file} (compiled into ${out}) no longer exists`;
    if (stats.mtimeMs > stamp.startedAt) return `${file} changed after ${out} was built`;
  }
  return null;
}
