#!/usr/bin/env node
// Entry point of the `ctxhub` command: runs the compiled JavaScript in dist/ (built from src/ by
// `npm install`, or `npm run build`). A build older than the sources is refused, never run.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../scripts/build-freshness.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const stale = staleBuildReason(root);
if (stale) {
  process.stderr.write(`ctxhub: ${stale}. Run \`npm run build\` in ${root} (or \`npm install\`).\n`);
  process.exit(1);
}
await import('../dist/cli.js');
