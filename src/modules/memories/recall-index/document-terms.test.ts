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

  it('indexes words joined by hyphens also as one term, not as a word written', () => {
    const found = documentTerms('Staging is read-only; see bill-231-dead-letter and rate_limiter');
    expect(found.terms.get('readonli')).toBe(1);
    // A compound inside an identifier is the identifier's: joined whole, not in part.
    expect(found.terms.get('deadlett')).toBeUndefined();
    expect(found.terms.get('bill231deadletter')).toBe(1);
    expect([...found.words.keys()]).not.toContain('readonly');
    expect([...found.words.keys()]).not.toContain('ratelimiter');
    expect(termsOf('an on-call end-to-end test')).toMatchObject({ oncal: 1, endtoend: 1, call: 1 });
    const hostile = `${'a-'.repeat(9_000)}_`;
    expect(documentTerms(hostile).length).toBe(9_000);
  });

  it('reads a bounded prefix of a huge text, in linear time', () => {
    const huge = 'word '.repeat(100_000);
    expect(documentTerms(huge).length).toBe(4000);
  });
});
