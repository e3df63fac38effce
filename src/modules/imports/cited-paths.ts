/** The most paths one staged memory cites. */
const MAX_CITED_PATHS = 5;
const MAX_PATH_CHARS = 500;

/**
 * A path in prose: two segments or more of file-name characters, not right after a character that
 * would make it the tail of something else (a URL's host or path, an absolute or home path, a
 * word). It ends where file-name characters end: before `:42`, `#L42`, `)` or a space.
 */
const PATH_IN_TEXT = /(?<![\w.@+/:~\\-])(?:[\w.@+-]+\/)+[\w.@+-]+/g;
/** A span in backticks: a path there may be a folder (`src/billing`) or end in `/` or `:42`. */
const CODE_SPAN = /`([^`\n]{3,600})`/g;
/** A last segment naming a file: a name, a dot, and an extension with a letter. */
const FILE_NAME = /[^/]\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,10}$/i;
/** A first segment that reads as a host name (`github.com`, `www.acme.io`), not a folder. */
const HOST = /^[^.].*\.[a-z]{2,}$/i;

/** `path` as a repository-relative citation, or null where it cannot be one. */
function normalized(raw: string, isCode: boolean): string | null {
  let path = raw.replace(/(?::\d+){1,2}$/, '').replace(/\.+$/, '');
  while (path.startsWith('./')) path = path.slice(2);
  if (isCode) path = path.replace(/\/$/, '');
  const segments = path.split('/');
  if (segments.length < 2 || path.length > MAX_PATH_CHARS) return null;
  if (!/^(?:[\w.@+-]+\/)+[\w.@+-]+$/.test(path)) return null;
  if (segments.some((s) => s === '.' || s === '..' || s === 'node_modules' || s === '.git')) return null;
  if (HOST.test(segments[0] ?? '')) return null;
  return isCode || FILE_NAME.test(path) ? path : null;
}

/**
 * The repository files a text mentions (a relative path ending in a file name with an extension,
 * without the `:42` line after it; in backticks, a folder too), in the order they first appear, without
 * repeats, at most MAX_CITED_PATHS. Left out: URLs, absolute and home paths, `..`, dependencies
 * and `.git`, and slashed words that name no file (`and/or`, `CI/CD`). Pure.
 */
export function citedPaths(text: string): string[] {
  const found: Array<{ at: number; path: string }> = [];
  for (const m of text.matchAll(CODE_SPAN)) {
    const span = (m[1] ?? '').trim();
    const path = normalized(span, true);
    if (path) found.push({ at: m.index, path });
  }
  for (const m of text.matchAll(PATH_IN_TEXT)) {
    const path = normalized(m[0], false);
    if (path) found.push({ at: m.index, path });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.path))].slice(0, MAX_CITED_PATHS);
}

/**
 * What a statement extracted from a message cites: the paths the statement names, else those its
 * message names (a decision about "this file" is said next to it).
 */
export function statementCites(statement: string, messagePaths: () => string[]): string[] {
  const own = citedPaths(statement);
  return own.length ? own : messagePaths();
}

/** The metadata of a staged memory citing `paths` (nothing when it cites none). */
export const citesMetadata = (paths: readonly string[]): Record<string, unknown> =>
  paths.length ? { cites: paths.map((path) => ({ path })) } : {};
