import { describe, expect, it } from 'vitest';
import { actionsFor, confidenceParts, percent, refusalHint } from './active-work-vocabulary.ts';

describe('actionsFor', () => {
  it('offers confirm for active and stale items, close for open ones, reopen for closed ones', () => {
    expect(actionsFor('active')).toEqual(['confirm', 'close']);
    expect(actionsFor('stale')).toEqual(['confirm', 'close']);
    expect(actionsFor('confirmed')).toEqual(['close']);
    expect(actionsFor('closed')).toEqual(['reopen']);
  });
});

describe('confidence', () => {
  it('is a whole percentage, with its parts heaviest first', () => {
    expect(percent(0.6)).toBe('60%');
    expect(percent(0.655)).toBe('66%');
    expect(percent(1)).toBe('100%');
    expect(confidenceParts({ ci: 0.2, memory: 0.5 })).toBe('memory 50% · ci 20%');
    expect(confidenceParts({ import: 0.4, git: 0.4 })).toBe('git 40% · import 40%');
    expect(confidenceParts({})).toBe('');
  });
});

describe('refusalHint', () => {
  it('explains a 409 and a 403, and adds nothing to other refusals', () => {
    expect(refusalHint(409)).toMatch(/^Nothing changed: .*shown again as it is now\.$/);
    expect(refusalHint(403)).toMatch(/maintainers/);
    expect(refusalHint(404)).toBeUndefined();
    expect(refusalHint(undefined)).toBeUndefined();
  });
});
