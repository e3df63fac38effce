import { describe, expect, it } from 'vitest';
import { readAddress, writeAddress } from '../../ui/address-fields.ts';
import { MEMORY_ADDRESS, recallQuery, REVIEW_ADDRESS, reviewQuery } from './memory-filters.ts';

const read = (query: string) => readAddress(MEMORY_ADDRESS, new URLSearchParams(query));

describe('the memory filters in the address', () => {
  it('reads types and statuses the API knows, drafts and confirmed ones when none is named', () => {
    expect(read('q=retry&type=decision,bogus,problem&status=rejected&since=2024-05-01')).toEqual({
      q: 'retry',
      type: ['decision', 'problem'],
      status: ['rejected'],
      since: '2024-05-01',
    });
    expect(read('status=bogus&since=May')).toEqual({
      q: '',
      type: [],
      status: ['draft', 'confirmed'],
      since: '',
    });
  });

  it('leaves the default statuses out of the address', () => {
    const params = new URLSearchParams('status=rejected&type=goal');
    expect(
      writeAddress(MEMORY_ADDRESS, params, { status: ['confirmed', 'draft'], type: [] }).toString(),
    ).toBe('');
  });
});

describe('recallQuery', () => {
  const base = { q: '', type: [], status: ['draft' as const, 'confirmed' as const], since: '' };

  it('asks for the newest memories without words, 20 at a time', () => {
    expect(recallQuery('acme', 'api', base)).toEqual({
      workspace_key: 'acme',
      project_key: 'api',
      q: undefined,
      explain: undefined,
      type: undefined,
      status: 'draft,confirmed',
      since: undefined,
      limit: 20,
    });
  });

  it('asks for each score part with words, and from the start of the day in the local time zone', () => {
    const query = recallQuery('acme', 'api', {
      ...base,
      q: 'retry',
      type: ['decision', 'goal'],
      since: '2024-05-01',
    });
    expect(query).toMatchObject({ q: 'retry', explain: true, type: 'decision,goal' });
    const since = new Date(String(query.since));
    expect([since.getFullYear(), since.getMonth(), since.getDate(), since.getHours()]).toEqual([
      2024, 4, 1, 0,
    ]);
  });
});

describe('the review list in the address', () => {
  const readReview = (query: string) => readAddress(REVIEW_ADDRESS, new URLSearchParams(query));

  it('reads the flags the API knows, every flag when none is named, and leaves every flag out', () => {
    expect(readReview('flag=stale,bogus')).toEqual({ flag: ['stale'] });
    expect(readReview('flag=bogus').flag).toEqual(['stale', 'needs_review', 'instruction_like']);
    expect(
      writeAddress(REVIEW_ADDRESS, new URLSearchParams('flag=stale'), {
        flag: ['needs_review', 'instruction_like', 'stale'],
      }).toString(),
    ).toBe('');
  });

  it('asks for the memories carrying one of the flags, 20 at a time', () => {
    expect(reviewQuery('acme', 'api', { flag: ['stale', 'needs_review'] })).toEqual({
      workspace_key: 'acme',
      project_key: 'api',
      flag: 'stale,needs_review',
      limit: 20,
    });
  });
});
