import { describe, expect, it } from 'vitest';
import { monorepoSubpath, pathSegments } from './monorepo-subpath.ts';

describe('pathSegments', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['.', []],
    ['./', []],
    ['./apps/web', ['apps', 'web']],
    ['apps/web/', ['apps', 'web']],
    ['apps\\web\\src', ['apps', 'web', 'src']],
    ['.\\apps\\web\\', ['apps', 'web']],
    ['my app/.config/x.ts', ['my app', '.config', 'x.ts']],
  ])('%j -> %j', (input, segments) => {
    expect(pathSegments(input)).toEqual({ segments });
  });

  it.each([
    ['/abs', 'must be relative to the repository root'],
    ['\\abs', 'must be relative to the repository root'],
    ['C:/x', 'must be relative to the repository root'],
    ['c:\\x', 'must be relative to the repository root'],
    ['a//b', 'must not contain empty segments'],
    ['a/b//', 'must not contain empty segments'],
    ['a/../b', 'must not contain "." or ".." segments'],
    ['./..', 'must not contain "." or ".." segments'],
    ['..', 'must not contain "." or ".." segments'],
    ['a/./b', 'must not contain "." or ".." segments'],
    ['a\u0000b', 'must not contain control characters'],
    ['apps/web\n', 'must not contain control characters'],
    ['apps\tweb', 'must not contain control characters'],
    ['apps/\u007f', 'must not contain control characters'],
  ])('rejects %j', (input, problem) => {
    expect(pathSegments(input)).toEqual({ problem });
  });
});

describe('monorepoSubpath', () => {
  const segmentsOf = (path: string) => {
    const result = pathSegments(path);
    if (!('segments' in result)) throw new Error(result.problem);
    return result.segments;
  };

  it.each<[string, number, string | null]>([
    ['apps/web/src/x.ts', 2, 'apps/web'],
    ['apps/web/src/x.ts', 1, 'apps'],
    ['apps/web/src/x.ts', 3, 'apps/web/src'],
    ['apps/web', 2, 'apps/web'],
    ['apps/web/src/x.ts', 0, null],
    ['apps/web/src/x.ts', -1, null],
    ['apps', 2, null],
    ['', 1, null],
    ['apps/my web/src', 2, null],
    ['apps/web/my src', 2, 'apps/web'],
    ['apps/wéb/src', 2, null],
  ])('%j at level %i -> %j', (path, level, subpath) => {
    expect(monorepoSubpath(segmentsOf(path), level)).toBe(subpath);
  });
});
