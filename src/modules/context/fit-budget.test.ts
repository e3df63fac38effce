import { beforeAll, describe, expect, it } from 'vitest';
import { fitSections, loadTokenizer, tokensOf } from './fit-budget.ts';

beforeAll(() => loadTokenizer());

const items = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ text: `${prefix} item ${i}` }));

const same = <T>(item: T) => item;

describe('fitSections', () => {
  it('takes whole items in order within each share, then hands what is left over in priority order', () => {
    const a = items('alpha', 10);
    const b = items('beta', 10);
    const cost = tokensOf(a[0]);
    const fitted = fitSections(
      [
        { name: 'a', share: 1, items: a },
        { name: 'b', share: 1, items: b.slice(0, 2) },
      ],
      cost * 8,
      same,
    );
    // b needs only 2 of its 4: a gets its 4, then the 2 b left over.
    expect(fitted.sections.b).toEqual(b.slice(0, 2));
    expect(fitted.sections.a).toEqual(a.slice(0, 6));
    expect(fitted.use.a).toMatchObject({ items: 6, dropped: 4 });
    expect(fitted.use.a!.used).toBeLessThanOrEqual(fitted.use.a!.allocated);
    const total = Object.values(fitted.use).reduce((n, u) => n + u.used, 0);
    expect(total).toBeLessThanOrEqual(cost * 8);
  });

  it('gives nothing to empty sections and nothing at all from no budget', () => {
    const fitted = fitSections(
      [
        { name: 'empty', share: 5, items: [] },
        { name: 'full', share: 1, items: items('x', 3) },
      ],
      10_000,
      same,
    );
    expect(fitted.sections.full).toHaveLength(3);
    expect(fitted.use.empty).toEqual({ allocated: 0, used: 0, items: 0, dropped: 0 });
    expect(fitSections([{ name: 'x', share: 1, items: items('x', 3) }], -5, same).sections.x).toEqual([]);
  });
});
