import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitIn } from '../cli-server.fixtures.ts';
import { CitedCodeCheck, MAX_FILE_BYTES, readWorkingTree, type CitedCode } from './cited-code-check.ts';

/**
 * The check of cited code against a temporary git repository: paths and folders, symbols in
 * tracked files only, bounded reads, paths a server should never have sent, and git called once
 * per batch (never per citation).
 */
const PATH = process.env.PATH ?? '';
let scratch: string;
let root: string;
let git: ReturnType<typeof gitIn>;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-cited-code-'));
  root = join(scratch, 'repo');
  const files: Record<string, string> = {
    'README.md': '# repo\n',
    'src/billing/invoice.ts': 'export function computeTaxLines(lines) {\n  return lines.map(rate);\n}\n',
    'src/billing/ünïcode.ts': 'export const größe = 1; // a.b(c)*\n',
    'web/app/(shop)/[id]/page.tsx': 'export default function Page() {}\n',
    'big/huge.txt': `${'x'.repeat(MAX_FILE_BYTES + 10)}\n`,
    '.gitignore': '.env\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  git = gitIn(root, PATH);
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Initial commit');
  // Never committed: an ignored secret and an untracked draft.
  writeFileSync(join(root, '.env'), 'STRIPE_KEY=sk_live_123\n');
  writeFileSync(join(root, 'src/billing/draft.ts'), 'export const draft = true;\n');
  // Outside the repository, and a link to it from inside.
  writeFileSync(join(scratch, 'outside.txt'), 'outsideSecret\n');
  symlinkSync(join(scratch, 'outside.txt'), join(root, 'src/outside-link.txt'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const missingOf = async (cites: CitedCode[]) => (await new CitedCodeCheck(root).missing([cites]))[0];

describe('CitedCodeCheck', () => {
  it('finds files and folders that exist, and misses those that do not', async () => {
    const present = [
      { path: 'README.md' },
      { path: 'src' },
      { path: 'src/billing' },
      { path: 'src/billing/invoice.ts' },
      { path: 'web/app/(shop)/[id]/page.tsx' },
      { path: 'src/billing/ünïcode.ts' },
      // Untracked and ignored files exist all the same.
      { path: '.env' },
      { path: 'src/billing/draft.ts' },
    ];
    expect(await missingOf(present)).toEqual([]);
    const gone = [{ path: 'src/billing/refund.ts' }, { path: 'src/payments' }, { path: 'README.md/inside' }];
    expect(await missingOf([...present, ...gone])).toEqual(gone);
  });

  it('finds a symbol as plain text in a tracked file, and misses one that is not there', async () => {
    expect(
      await missingOf([
        { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' },
        { path: 'src/billing/invoice.ts', symbol: 'return lines.map(rate);' },
        { path: 'src/billing/ünïcode.ts', symbol: 'größe' },
        { path: 'src/billing/ünïcode.ts', symbol: 'a.b(c)*' },
        { path: 'web/app/(shop)/[id]/page.tsx', symbol: 'export default' },
      ]),
    ).toEqual([]);
    const gone = [
      { path: 'src/billing/invoice.ts', symbol: 'computeTaxLine(' },
      { path: 'src/billing/invoice.ts', symbol: 'ComputeTaxLines' },
      { path: 'src/billing/ünïcode.ts', symbol: 'a.b.c' },
      // A missing file misses its symbol too.
      { path: 'src/billing/refund.ts', symbol: 'refund' },
    ];
    expect(await missingOf([{ path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' }, ...gone])).toEqual(
      gone,
    );
  });

  it('never reads a file git does not track, a file over 2 MB, a folder or a link out of the root', async () => {
    // Each of these would be missing if it were read: they count as found.
    expect(
      await missingOf([
        { path: '.env', symbol: 'sk_live_999' },
        { path: 'src/billing/draft.ts', symbol: 'notInTheDraft' },
        { path: 'big/huge.txt', symbol: 'not in the huge file' },
        { path: 'src/billing', symbol: 'computeTaxLines' },
        { path: 'src/outside-link.txt', symbol: 'somethingElse' },
      ]),
    ).toEqual([]);
  });

  it('leaves out paths no server should send: absolute, with .. or empty segments, backslashes', async () => {
    const hostile = [
      '/etc/passwd',
      '../outside.txt',
      'src/../../outside.txt',
      './README.md',
      'src//billing',
      'src\\billing',
      'src/billing/',
      '',
      'src/a\u0000b',
      `src/${'a'.repeat(600)}`,
    ];
    expect(await missingOf(hostile.map((path) => ({ path, symbol: 'x' })))).toEqual([]);
    expect(await missingOf(hostile.map((path) => ({ path })))).toEqual([]);
  });

  it('answers each list in order, asking git once per batch of new files, never per citation', async () => {
    const bin = join(scratch, 'bin');
    const log = join(scratch, 'git-calls.log');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nPATH='${PATH}' exec git "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const before = process.env.PATH;
    process.env.PATH = `${bin}:${PATH}`;
    try {
      const check = new CitedCodeCheck(root);
      const lists = Array.from({ length: 50 }, (_, i) => [
        { path: 'src/billing/invoice.ts', symbol: i % 2 ? 'computeTaxLines' : `absent${i}` },
        { path: `src/missing-${i}.ts` },
        { path: 'web/app/(shop)/[id]/page.tsx', symbol: 'Page' },
      ]);
      const missing = await check.missing(lists);
      expect(missing).toHaveLength(50);
      missing.forEach((m, i) =>
        expect(m).toEqual([
          ...(i % 2 ? [] : [{ path: 'src/billing/invoice.ts', symbol: `absent${i}` }]),
          { path: `src/missing-${i}.ts` },
        ]),
      );
      // Asked again (a smaller budget), nothing new: git is not asked again.
      await check.missing(lists.slice(0, 10));
      const calls = readFileSync(log, 'utf8').trim().split('\n');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/^--literal-pathspecs ls-files -z --full-name -- /);
    } finally {
      process.env.PATH = before;
    }
  });
});

describe('readWorkingTree', () => {
  it("answers the repository's top folder and HEAD, from any folder in it", async () => {
    const head = git('rev-parse', 'HEAD').trim();
    expect(await readWorkingTree(join(root, 'src/billing'))).toEqual({ root, commit: head });
  });

  it('answers the top folder without a commit before the first one, and null outside a repository', async () => {
    const fresh = join(scratch, 'fresh');
    mkdirSync(join(fresh, 'sub'), { recursive: true });
    gitIn(fresh, PATH)('init', '--quiet');
    expect(await readWorkingTree(join(fresh, 'sub'))).toEqual({ root: fresh });
    const outside = mkdtempSync(join(tmpdir(), 'ctxhub-no-repo-'));
    try {
      expect(await readWorkingTree(outside)).toBeNull();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
