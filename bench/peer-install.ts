import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The peer MCP memory servers of the `mcp-peers` suite, installed at bench time from the npm
 * registry into .bench-cache/peers (git-ignored, outside ctxhub's own dependencies), at pinned
 * versions, and installed again only when a version changes or the install is broken.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PEER_CACHE = join(ROOT, '.bench-cache', 'peers');

export const PEER_PACKAGES = {
  serverMemory: { name: '@modelcontextprotocol/server-memory', version: '2026.8.31' },
  keeper: { name: 'mcp-memory-keeper', version: '0.14.1' },
} as const;

const INSTALL_TIMEOUT_MS = 20 * 60_000;

export interface InstalledPeers {
  /** server-memory's entry point (an ES module, run with node). */
  serverMemory: string;
  /** mcp-memory-keeper's entry point (its bin wrapper only sets DATA_DIR and the working directory). */
  keeper: string;
}

const packageDir = (name: string) => join(PEER_CACHE, 'node_modules', ...name.split('/'));

function installedVersion(name: string): string | null {
  const file = join(packageDir(name), 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Whether better-sqlite3, as mcp-memory-keeper resolves it, loads and opens a database. */
function sqliteLoads(): { ok: true } | { ok: false; output: string } {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { cwd: packageDir(PEER_PACKAGES.keeper.name), encoding: 'utf8', timeout: 30_000 },
  );
  return probe.status === 0 ? { ok: true } : { ok: false, output: `${probe.stdout}${probe.stderr}` };
}

function ready(): boolean {
  return (
    Object.values(PEER_PACKAGES).every((p) => installedVersion(p.name) === p.version) && sqliteLoads().ok
  );
}

const WHY_SQLITE =
  'mcp-memory-keeper stores its memories with better-sqlite3, a native module. Its prebuilt binary is ' +
  'downloaded from GitHub, which this machine does not reach, so the install compiles it from source ' +
  '(npm_config_build_from_source): that needs g++, make and python3 (Debian: apt-get install g++ make ' +
  "python3) and Node's C headers (Debian's nodejs package puts them in /usr/include/node; elsewhere set " +
  'npm_config_nodedir to a Node source or headers directory), and about two minutes on two cores.';

/**
 * The peers' entry points, installing them first where needed (`npm install` in the cache
 * directory, its progress on stderr). Throws an Error that says what failed and what to do.
 */
export function installPeers(): InstalledPeers {
  const entries: InstalledPeers = {
    serverMemory: join(packageDir(PEER_PACKAGES.serverMemory.name), 'dist', 'index.js'),
    keeper: join(packageDir(PEER_PACKAGES.keeper.name), 'dist', 'index.js'),
  };
  if (ready()) return entries;

  mkdirSync(PEER_CACHE, { recursive: true });
  const dependencies = Object.fromEntries(Object.values(PEER_PACKAGES).map((p) => [p.name, p.version]));
  writeFileSync(
    join(PEER_CACHE, 'package.json'),
    `${JSON.stringify(
      {
        name: 'ctxhub-bench-peers',
        private: true,
        description: "Peer MCP memory servers for ctxhub's mcp-peers benchmark (npm run bench)",
        dependencies,
        allowScripts: { 'better-sqlite3': true },
      },
      null,
      2,
    )}\n`,
  );
  const specs = Object.values(PEER_PACKAGES)
    .map((p) => `${p.name}@${p.version}`)
    .join(' ');
  console.error(`mcp-peers: installing ${specs} into ${PEER_CACHE} (better-sqlite3 compiles from source)`);
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_build_from_source: 'true' };
  // Node's own headers, where this node was installed with them, so node-gyp does not download them.
  const nodeDir = dirname(dirname(process.execPath));
  if (!env.npm_config_nodedir && existsSync(join(nodeDir, 'include', 'node', 'node.h')))
    env.npm_config_nodedir = nodeDir;
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', PEER_CACHE, '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: PEER_CACHE, env, encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS },
  );
  const output = `${npm.stdout ?? ''}${npm.stderr ?? ''}`.trim();
  if (npm.error || npm.status !== 0) {
    const buildFailed = /gyp|better-sqlite3|prebuild/i.test(output);
    throw new Error(
      `mcp-peers: \`npm install ${specs}\` in ${PEER_CACHE} failed ` +
        `(${npm.error ? npm.error.message : `exit ${npm.status}`}).\n` +
        (buildFailed
          ? WHY_SQLITE
          : 'The peers come from the npm registry: check that npm reaches it (`npm ping`).') +
        `\nnpm said:\n${output.slice(-4000)}`,
    );
  }
  for (const p of Object.values(PEER_PACKAGES)) {
    if (installedVersion(p.name) !== p.version)
      throw new Error(`mcp-peers: after npm install, ${p.name} is not at ${p.version} in ${PEER_CACHE}`);
  }
  const sqlite = sqliteLoads();
  if (!sqlite.ok) {
    throw new Error(
      `mcp-peers: npm installed the peers, but better-sqlite3 does not load for mcp-memory-keeper.\n${WHY_SQLITE}\n` +
        `Remove ${PEER_CACHE} after fixing the cause, so the next run installs afresh.\n` +
        `Loading it said:\n${sqlite.output.slice(-2000)}\nnpm said:\n${output.slice(-2000)}`,
    );
  }
  return entries;
}
