#!/usr/bin/env node
// `npm run build` (also run by `npm install`) builds the Admin UI: web/ through Vite into
// web/dist, which the server serves at /admin. `--if-stale` builds only when web/dist is missing or
// older than a file of web/ (npm start and the test setup use it). Built beside web/dist and
// swapped in whole, like dist/. Vite and its React plugin are dependencies, not devDependencies:
// `npm ci --omit=dev` builds too.
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-freshness.js';
import { swapInBuild } from './swap-in-build.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const web = join(root, 'web');
const STAMP = 'web/dist/build.json';
/** Besides web/'s own files, what shapes the output. */
const CONFIGURATION = ['scripts/build-web.js', 'package-lock.json'];

if (process.argv.includes('--if-stale') && staleBuildReason(root, STAMP) === null) process.exit(0);

// Always a production build, whoever runs it: Vite keeps a NODE_ENV it finds set, and the test
// setup runs this under Vitest's NODE_ENV=test, which built React's development bundle (about
// 790 kB instead of 465) into the same web/dist that `npm start` then served.
process.env.NODE_ENV = 'production';
const startedAt = Date.now();
const { build } = await import('vite');
const tmp = join(web, `.dist-${process.pid}`);
rmSync(tmp, { recursive: true, force: true });
try {
  await build({
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: tmp, emptyOutDir: true },
  });
  const inputs = [...CONFIGURATION, ...sourcesOf(web).map((file) => relative(root, file))];
  writeFileSync(join(tmp, 'build.json'), `${JSON.stringify({ startedAt, inputs })}\n`);
  swapInBuild(tmp, join(web, 'dist'));
  process.stderr.write(`ctxhub: built the Admin UI into web/dist in ${Date.now() - startedAt} ms\n`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** Every file of web/ but its builds. */
function sourcesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'dist' || name.startsWith('.dist-')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesOf(path) : [path];
  });
}
