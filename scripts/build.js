#!/usr/bin/env node
// `npm run build` (also run by `npm install` as `prepare`): compiles src/ into dist/, the
// JavaScript that bin/ctxhub.js runs, with esbuild, then makes the first-start database image when
// it is missing or stale (src/platform/db/first-start-image.ts). The command's entry
// (src/cli/index.ts) is bundled with code splitting: each command's modules are loaded only when
// that command runs. The npm packages are
// bundled too (one file read instead of hundreds of module lookups: a server restart is about a
// quarter of a second faster), except those that read files beside their code (PGlite's WASM) or
// are large and loaded on demand (gpt-tokenizer's tables). `--if-stale` builds only when dist/ is
// missing or older than a source (npm start, npm run bench and the test setup use it);
// `--sourcemap` adds source maps (run with NODE_OPTIONS=--enable-source-maps to use them).
// Plain JavaScript: it runs before anything is compiled. esbuild is a dependency, not a
// devDependency: `npm ci --omit=dev` runs prepare too.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP_FILE, staleBuildReason } from './build-freshness.js';
import { swapInBuild } from './swap-in-build.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** Files besides the sources that shape the output: a change to them rebuilds too. */
const CONFIGURATION = ['scripts/build.js', 'tsconfig.json', 'package-lock.json'];
/** Packages left as imports of node_modules. */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'gpt-tokenizer',
  'gpt-tokenizer/*',
  'pg-native',
];

if (process.argv.includes('--if-stale') && staleBuildReason(root) === null) process.exit(0);

// esbuild is loaded only to build: an up-to-date check stays quick.
const { build } = await import('esbuild');

/**
 * Worker threads run an entry of their own (src/platform/threads.ts), bundled whole and apart from
 * the command's chunks: with the sources taken as free of side effects, only what the thread calls
 * is kept (the import worker reaches the memories module's face, which would otherwise bring the
 * routes, the database and their packages: a third of a second and 35 MB more per thread started).
 */
const sourcesWithoutSideEffects = {
  name: 'sources-without-side-effects',
  setup(b) {
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const { importer, namespace, resolveDir, kind, with: attributes } = args;
      const resolved = await b.resolve(args.path, {
        importer,
        namespace,
        resolveDir,
        kind,
        with: attributes,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0 || !resolved.path.startsWith(join(root, 'src'))) return resolved;
      return { ...resolved, sideEffects: false };
    });
  },
};
/** What the command's build and the worker threads' build share. */
const COMMON_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // The bundled CommonJS packages require Node's modules: give ES modules a require().
  banner: {
    js: "import { createRequire as __ctxhubCreateRequire } from 'node:module';\nconst require = __ctxhubCreateRequire(import.meta.url);",
  },
  sourcemap: process.argv.includes('--sourcemap') ? 'linked' : false,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
};
const WORKER_OPTIONS = {
  ...COMMON_OPTIONS,
  entryPoints: { 'import-worker': 'src/modules/imports/import-worker.ts' },
  plugins: [sourcesWithoutSideEffects],
};
const startedAt = Date.now();
// Built beside dist/ and swapped in whole, so a command started during a build runs the old build
// or the new one, never half of each.
const tmp = join(root, `.dist-${process.pid}`);
rmSync(tmp, { recursive: true, force: true });
try {
  const result = await build({
    ...COMMON_OPTIONS,
    entryPoints: {
      cli: 'src/cli/index.ts',
      'first-start-image': 'src/platform/db/build-first-start-image.ts',
    },
    outdir: tmp,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
  });
  const worker = await build({ ...WORKER_OPTIONS, outdir: tmp });
  const all = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(worker.metafile.inputs)])];
  const inputs = all.filter((file) => file.startsWith('src/'));
  writeFileSync(
    join(tmp, relative('dist', STAMP_FILE)),
    `${JSON.stringify({ startedAt, inputs: [...CONFIGURATION, ...inputs] })}\n`,
  );
  swapInBuild(tmp, join(root, 'dist'));
  process.stderr.write(
    `ctxhub: built dist/ (${inputs.length} modules and ${all.length - inputs.length} of npm packages) ` +
      `in ${Date.now() - startedAt} ms\n`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// The first-start database image: made again only when PGlite or the migrations changed. Without
// it a first start still works (it runs initdb), so a failure here does not fail the build.
const image = spawnSync(process.execPath, [join(root, 'dist', 'first-start-image.js')], { stdio: 'inherit' });
if (image.status !== 0) {
  process.stderr.write('ctxhub: no first-start database image; a first start will run initdb (slower)\n');
}
