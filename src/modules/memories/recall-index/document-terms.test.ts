import { describe, expect, it } from 'vitest';
import { camelParts, documentTerms, identifierWords } from './document-terms.ts';

const termsOf = (text: string) => Object.fromEntries(documentTerms(text).terms);

describe('document terms', () => {
  it('splits camelCase and letters-digits words, and leaves plain words whole', () => {
    expect(camelParts('rateLimiter')).toEqual(['rate', 'limiter']);
    expect(camelParts('RateLimiter')).toEqual(['rate', 'limiter']);
    expect(camelParts('HTTPServer')).toEqual(['http', 'server']);
    expect(camelParts('node20')).toEqual(['node', '20']);
    expect(camelParts('2fa')).toEqual(['2', 'fa']);
    expect(camelParts('Payment')).toEqual([]);
    expect(camelParts('payment')).toEqual([]);
    expect(identifierWords('rate_limiter.py')).toEqual(['rate', 'limiter', 'py']);
  });

  it('indexes stems, parts, joined identifiers and identifiers as written; stop words out', () => {
    expect(termsOf('The rateLimiter and rate_limiter drop Payments')).toEqual({
      ratelimit: 2,
      rate: 2,
      limit: 2,
      drop: 1,
      payment: 1,
      '=ratelimiter': 1,
      '=rate_limiter': 1,
    });
    expect(documentTerms('The rateLimiter and rate_limiter drop Payments').length).toBe(7);
    expect(documentTerms('the a of').terms.size).toBe(0);
    expect([...documentTerms('Payments are retried').words]).toEqual([
      ['payments', 'payment'],
      ['retried', 'retri'],
    ]);
  });

  it('reads a bounded prefix of a huge text, in linear time', () => {
    const huge = 'word '.repeat(100_000);
    expect(documentTerms(huge).length).toBe(4000);
  });
});
