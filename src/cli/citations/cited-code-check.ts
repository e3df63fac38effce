import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { runGit } from '../run-git.ts';

/** A citation of a memory as a bundle item carries it: a file or folder, and a name to find there. */
export interface CitedCode {
  path: string;
  symbol?: string | undefined;
}

/** Files larger than this are not read for a symbol: their symbols count as found. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Bytes one check reads in all, at most: symbols of files beyond it count as found. */
const MAX_READ_BYTES = 32 * 1024 * 1024;
const GIT_TIMEOUT_MS = 2000;

/**
 * A path the check may look up: relative, `/`-separated, no empty, `.` or `..` segments, no
 * backslash or control character (what the server accepts in `metadata.cites`, checked again: the
 * answer of a server is not trusted with the file system).
 */
const lookupable = (path: string) =>
  path.length > 0 &&
  path.length <= 500 &&
  !path.startsWith('/') &&
  !/[\p{Cc}\\]/u.test(path) &&
  !path.split('/').some((s) => s === '' || s === '.' || s === '..');

/** What a cited path is in the working tree. */
type Found =
  | { kind: 'missing' }
  /** A folder, a file it may not read (outside the root by a link, too large) or cannot tell. */
  | { kind: 'present' }
  | { kind: 'file'; real: string; size: number };
const PRESENT: Found = { kind: 'present' };

/**
 * Checks citations against the working tree at `root` (the repository's top folder): a path must
 * exist there (a file or a folder), and a symbol must occur in its file as plain text. Only files
 * git tracks are read for symbols (one `git ls-files` per batch of new files): a memory's
 * citation must never tell the server what an ignored or untracked file (`.env`) holds. A file
 * over MAX_FILE_BYTES, one that git does not track, a folder, a link out of the root or anything
 * that cannot be read counts as found: only code known to be gone is reported. Each path is looked
 * up and each file read at most once per check.
 */
export class CitedCodeCheck {
  private readonly found = new Map<string, Promise<Found>>();
  private readonly tracked = new Map<string, boolean>();
  private readonly contents = new Map<string, Promise<Buffer | null>>();
  private readonly realRoot: Promise<string>;
  private bytesRead = 0;

  constructor(private readonly root: string) {
    this.realRoot = realpath(root).catch(() => root);
  }

  /**
   * For each list of citations (an item's cites), those that do not resolve, in their order; one
   * git call for all the files of the lists not asked about before.
   */
  async missing(lists: ReadonlyArray<readonly CitedCode[]>): Promise<CitedCode[][]> {
    const checkable = lists.map((cites) => cites.filter((c) => lookupable(c.path)));
    const paths = [...new Set(checkable.flat().map((c) => c.path))];
    const looked = await Promise.all(paths.map((p) => this.lookUp(p)));
    const states = new Map(paths.map((p, i) => [p, looked[i] ?? PRESENT]));
    await this.learnTracked(
      checkable
        .flat()
        .filter((c) => c.symbol && states.get(c.path)?.kind === 'file')
        .map((c) => c.path),
    );
    return Promise.all(
      checkable.map(async (cites) => {
        const gone = await Promise.all(
          cites.map(async (c) => {
            const state = states.get(c.path) ?? PRESENT;
            if (state.kind === 'missing') return true;
            return (
              c.symbol !== undefined && state.kind === 'file' && !(await this.occurs(c.path, state, c.symbol))
            );
          }),
        );
        return cites.filter((_, i) => gone[i]);
      }),
    );
  }

  private lookUp(path: string): Promise<Found> {
    let found = this.found.get(path);
    if (!found) this.found.set(path, (found = this.resolve(path)));
    return found;
  }

  private async resolve(path: string): Promise<Found> {
    let real: string;
    try {
      real = await realpath(join(this.root, ...path.split('/')));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Not there, or a file where the path needs a folder; anything else (no permission) cannot tell.
      return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'present' };
    }
    const root = await this.realRoot;
    if (real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep)) return { kind: 'present' };
    try {
      const info = await stat(real);
      return info.isFile() ? { kind: 'file', real, size: info.size } : { kind: 'present' };
    } catch {
      return { kind: 'present' };
    }
  }

  /** Asks git which of `paths` it tracks (those not asked before), in one call. */
  private async learnTracked(paths: string[]): Promise<void> {
    const asked = [...new Set(paths)].filter((p) => !this.tracked.has(p));
    if (asked.length === 0) return;
    for (const p of asked) this.tracked.set(p, false);
    const listed = await runGit(['--literal-pathspecs', 'ls-files', '-z', '--full-name', '--', ...asked], {
      cwd: this.root,
      timeoutMs: GIT_TIMEOUT_MS,
    }).catch(() => '');
    for (const p of listed.split('\0')) if (this.tracked.has(p)) this.tracked.set(p, true);
  }

  /** Whether `symbol` occurs in the file; true where it may not be read (untracked, too large, beyond the read budget). */
  private async occurs(
    path: string,
    file: Extract<Found, { kind: 'file' }>,
    symbol: string,
  ): Promise<boolean> {
    if (!this.tracked.get(path) || file.size > MAX_FILE_BYTES) return true;
    let content = this.contents.get(file.real);
    if (!content) {
      if (this.bytesRead + file.size > MAX_READ_BYTES) return true;
      this.bytesRead += file.size;
      content = readFile(file.real).catch(() => null);
      this.contents.set(file.real, content);
    }
    const bytes = await content;
    return bytes === null || bytes.length > MAX_FILE_BYTES || bytes.includes(Buffer.from(symbol, 'utf8'));
  }
}

/** The working tree of a folder: its repository's top folder and HEAD commit (none before the first commit). */
export interface WorkingTree {
  root: string;
  commit?: string;
}

/**
 * The working tree `cwd` is in, with one git call (two in a repository without commits); null
 * outside a repository, without git, or when git is slow.
 */
export async function readWorkingTree(cwd: string): Promise<WorkingTree | null> {
  const git = (args: string[]) => runGit(args, { cwd, timeoutMs: GIT_TIMEOUT_MS }).catch(() => null);
  const both = await git(['rev-parse', '--show-toplevel', '--verify', '--quiet', 'HEAD']);
  const [root = '', commit = ''] = (both ?? (await git(['rev-parse', '--show-toplevel'])) ?? '').split('\n');
  if (root.trim() === '') return null;
  return /^[0-9a-f]{7,40}$/.test(commit.trim())
    ? { root: root.trim(), commit: commit.trim() }
    : { root: root.trim() };
}
