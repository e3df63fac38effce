import { isKeySegment } from '../tenancy/index.ts';

/**
 * The path of the client's working directory inside its repository (`relative_path`), checked,
 * and the monorepo sub-project it falls in. Pure.
 */

/** The path's segments (`[]` at the repository root), or why it is refused. */
export function pathSegments(relativePath: string): { segments: string[] } | { problem: string } {
  const path = relativePath.replace(/\\/g, '/');
  if ([...path].some((c) => c < ' ' || c === '\u007f'))
    return { problem: 'must not contain control characters' };
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return { problem: 'must be relative to the repository root' };
  const trimmed = path.replace(/^\.\/+/, '').replace(/\/$/, '');
  if (trimmed === '' || trimmed === '.') return { segments: [] };
  const segments = trimmed.split('/');
  if (segments.some((s) => s === '')) return { problem: 'must not contain empty segments' };
  if (segments.some((s) => s === '.' || s === '..'))
    return { problem: 'must not contain "." or ".." segments' };
  return { segments };
}

/**
 * The sub-project path: the first `level` directory segments (`apps/web/src/x.ts` at level 2 ->
 * `apps/web`). Null at level 0, when the path is shallower than the level, or when a segment holds
 * characters a project key cannot (the repository itself is then the answer).
 */
export function monorepoSubpath(segments: string[], level: number): string | null {
  if (level <= 0 || segments.length < level) return null;
  const head = segments.slice(0, level);
  // Lower-cased as derived keys are: `Apps/Web` and `apps/web` are one sub-project.
  return head.every(isKeySegment) ? head.join('/').toLowerCase() : null;
}
