import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Modules meet at their index.ts, and some of them need each other (a project lives in a workspace;
 * a workspace's settings name projects). Whichever public face a process loads first, every module
 * must finish loading: a value that another module uses while it loads (a zod schema it builds on)
 * must be ready by then. Each face is loaded first in a process of its own.
 */
const run = promisify(execFile);
const modulesDir = join(import.meta.dirname);
const faces = readdirSync(modulesDir)
  .filter((name) => existsSync(join(modulesDir, name, 'index.ts')))
  .map((name) => ({ name, path: join(modulesDir, name, 'index.ts') }));

describe('module public faces', () => {
  it('lists a face for every module', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(faces.map((f) => f.name)).toEqual(folders.map((d) => d.name));
  });

  it.each(faces)(
    '$name/index.ts loads first, and with it everything it needs',
    async ({ path }) => {
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(path)}); console.log(Object.keys(m).length);`,
        ],
        { timeout: 30_000 },
      );
      expect(Number(stdout.trim())).toBeGreaterThan(0);
    },
    40_000,
  );
});
