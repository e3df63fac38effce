import { describe, expect, it } from 'vitest';
import { siteUrl, wikiApiRoot } from './base-url.ts';

describe('siteUrl', () => {
  it.each([
    ['https://acme.atlassian.net', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net/', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net///', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net/wiki', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net/wiki/', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net/WIKI//', 'https://acme.atlassian.net'],
    ['  https://acme.atlassian.net/wiki \n', 'https://acme.atlassian.net'],
    ['https://acme.atlassian.net/wiki/?foo=bar#top', 'https://acme.atlassian.net'],
    ['http://localhost:8080/jira/', 'http://localhost:8080/jira'],
    ['http://127.0.0.1:4010/wiki', 'http://127.0.0.1:4010'],
  ])('%j -> %j', (input, expected) => {
    expect(siteUrl(input)).toBe(expected);
  });

  it('removes /wiki only as a whole last segment, and only once', () => {
    expect(siteUrl('https://wiki.example.com')).toBe('https://wiki.example.com');
    expect(siteUrl('https://example.com/mywiki')).toBe('https://example.com/mywiki');
    expect(siteUrl('https://example.com/wiki/wiki/')).toBe('https://example.com/wiki');
    expect(siteUrl('https://example.com/wiki/spaces')).toBe('https://example.com/wiki/spaces');
  });

  it('is idempotent', () => {
    for (const url of ['https://a.atlassian.net/wiki/', 'https://a.example/ctx//', ' http://x/wiki?q ']) {
      expect(siteUrl(siteUrl(url))).toBe(siteUrl(url));
    }
  });

  it('handles degenerate and hostile input without throwing, in linear time', () => {
    expect(siteUrl('')).toBe('');
    expect(siteUrl('////')).toBe('');
    expect(siteUrl('/wiki')).toBe('');
    expect(siteUrl('https://ex.com/🚀/wiki/')).toBe('https://ex.com/🚀');
    const slashes = `https://ex.com${'/'.repeat(1_000_000)}x${'/'.repeat(1_000_000)}`;
    expect(siteUrl(slashes)).toBe(`https://ex.com${'/'.repeat(1_000_000)}x`);
  });
});

describe('wikiApiRoot', () => {
  it('is the site root plus /wiki, whether or not the base URL had it', () => {
    expect(wikiApiRoot('https://acme.atlassian.net')).toBe('https://acme.atlassian.net/wiki');
    expect(wikiApiRoot('https://acme.atlassian.net/wiki/')).toBe('https://acme.atlassian.net/wiki');
    expect(wikiApiRoot('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010/wiki');
  });
});
