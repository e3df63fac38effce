import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/server-process.ts';

/**
 * The `ctxhub` command itself (bin/ctxhub.js running the compiled dist/): its version, its help,
 * and its refusal to run a build older than the sources.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('ctxhub --version and --help', () => {
  it('prints the package version for --version and -V', async () => {
    for (const flag of ['--version', '-V']) {
      const run = await runCli([flag], {});
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
      expect(run.stderr).toBe('');
    }
  });

  it('lists the commands and the version flag in --help', async () => {
    const run = await runCli(['--help'], {});
    expect(run.code, run.stderr).toBe(0);
    for (const word of [
      'serve',
      'import',
      'mcp',
      'context',
      'ci-event',
      'git-hook',
      'admin',
      '-V, --version',
    ]) {
      expect(run.stdout).toContain(word);
    }
  });

  it('lists git-hook install and uninstall, not the sender the hooks run', async () => {
    const run = await runCli(['git-hook', '--help'], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ {2}install\b/m);
    expect(run.stdout).toMatch(/^ {2}uninstall\b/m);
    expect(run.stdout).not.toMatch(/^ {2}send\b/m);
  });
});

describe('a build older than the sources', () => {
  // A copy of the command's entry point in a folder of its own, with a stand-in dist/.
  let root: string;
  const source = () => join(root, 'src/cli/index.ts');
  const run = () =>
    spawnSync(process.execPath, [join(root, 'bin/ctxhub.js')], { encoding: 'utf8', timeout: 30_000 });
  const stamp = (startedAt: number, inputs = ['src/cli/index.ts']) =>
    writeFileSync(join(root, 'dist/build.json'), JSON.stringify({ startedAt, inputs }));

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'ctxhub-bin-'));
    for (const dir of ['bin', 'scripts', 'src/cli', 'dist']) mkdirSync(join(root, dir), { recursive: true });
    copyFileSync(join(ROOT, 'bin/ctxhub.js'), join(root, 'bin/ctxhub.js'));
    copyFileSync(join(ROOT, 'scripts/build-freshness.js'), join(root, 'scripts/build-freshness.js'));
    writeFileSync(join(root, 'dist/cli.js'), "process.stdout.write('compiled code ran\\n');\n");
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs dist/ when no source changed since the build started', () => {
    writeFileSync(source(), 'export {};\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(source(), past, past);
    stamp(Date.now() - 30_000);
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('compiled code ran\n');
  });

  it('refuses, naming the changed file and what to run, when a source is newer', () => {
    stamp(Date.now() - 30_000);
    const now = new Date();
    utimesSync(source(), now, now);
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ctxhub: src/cli/index.ts changed after dist/ was built');
    expect(result.stderr).toContain('Run `npm run build`');
  });

  it('refuses when a compiled source was removed, or when nothing was built', () => {
    stamp(Date.now(), ['src/cli/index.ts', 'src/cli/gone.ts']);
    const removed = run();
    expect(removed.status).toBe(1);
    expect(removed.stderr).toContain('src/cli/gone.ts (compiled into dist/) no longer exists');

    rmSync(join(root, 'dist/build.json'));
    const unbuilt = run();
    expect(unbuilt.status).toBe(1);
    expect(unbuilt.stdout).toBe('');
    expect(unbuilt.stderr).toContain('dist/ has not been built');
  });
});
