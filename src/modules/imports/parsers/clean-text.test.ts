import { describe, expect, it } from 'vitest';
import { cleanText, cleanTitle } from './clean-text.ts';
import { clipText } from '../../../platform/clip-text.ts';
import { asId, compactJson, parseDate, shownValue } from './json-values.ts';

describe('cleanText', () => {
  it('removes NUL and replaces unpaired surrogates, keeping pairs', () => {
    expect(cleanText('a\u0000b\u0000')).toBe('ab');
    expect(cleanText('x\ud800y\udfffz')).toBe('x\ufffdy\ufffdz');
    expect(cleanText('ok 😀')).toBe('ok 😀');
  });
});

describe('clipText and cleanTitle', () => {
  it('clips with an ellipsis, never splitting a surrogate pair', () => {
    expect(clipText('abcdef', 4)).toBe('abc…');
    expect(clipText('ab😀cd', 4)).toBe('ab…');
    expect(clipText('abc', 4)).toBe('abc');
  });
  it('clips at a word in the second half when asked, dropping punctuation before the ellipsis', () => {
    expect(clipText('one two, three', 12, 'word')).toBe('one two…');
    expect(clipText('abcdefghij kl', 12, 'word')).toBe('abcdefghij…');
    expect(clipText('ab cdefghijkl', 12, 'word')).toBe('ab cdefghij…');
    expect(clipText('ab cdefghij😀', 12, 'word')).toBe('ab cdefghij…');
    // word-only: any earlier space, so only a word longer than the line is ever cut inside.
    expect(clipText('ab cdefghijkl', 12, 'word-only')).toBe('ab…');
    expect(clipText('abcdefghijklmn', 12, 'word-only')).toBe('abcdefghijk…');
  });
  it('takes the first line, trimmed and clipped; empty is null', () => {
    expect(cleanTitle('  Invoice job lock \nsecond line')).toBe('Invoice job lock');
    expect(cleanTitle('x'.repeat(200))).toHaveLength(120);
    expect(cleanTitle('   ')).toBeNull();
    expect(cleanTitle(42)).toBeNull();
  });
});

describe('json values', () => {
  it('reads ISO strings and epoch seconds or milliseconds as dates', () => {
    expect(parseDate('2025-03-11T09:14:05.402Z')).toEqual(new Date('2025-03-11T09:14:05.402Z'));
    expect(parseDate(1736500011.52)).toEqual(new Date(1736500011520));
    expect(parseDate(1736500011520)).toEqual(new Date(1736500011520));
    expect(parseDate('1736500011')).toEqual(new Date(1736500011000));
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(parseDate(0)).toBeNull();
  });
  it('answers null outside the years 0001..9999, which PostgreSQL and toISOString refuse', () => {
    for (const value of [
      1e20,
      3e11,
      '3e11',
      '300000000000',
      8.64e15,
      '+020000-01-01',
      '+010000-01-01T00:00:00Z',
    ])
      expect(parseDate(value), String(value)).toBeNull();
    expect(parseDate('-000001-12-31T00:00:00Z')).toBeNull();
    expect(parseDate('0001-01-01T00:00:00Z')?.getTime()).toBe(-62_135_596_800_000);
    expect(parseDate('9999-12-31T23:59:59.999Z')?.getTime()).toBe(253_402_300_799_999);
    expect(parseDate(253_402_300_799_999)?.getTime()).toBe(253_402_300_799_999);
    expect(parseDate(253_402_300_800_000)).toBeNull();
  });
  it('shows a value of the file as JSON, clipped', () => {
    expect(shownValue('robot')).toBe('"robot"');
    expect(shownValue(undefined)).toBe('null');
    expect(shownValue({ a: [1] })).toBe('{"a":[1]}');
    const long = shownValue({ sender: 'y'.repeat(10_000) });
    expect(long).toHaveLength(80);
    expect(long.endsWith('yy…')).toBe(true);
  });
  it('reads ids and compacts JSON', () => {
    expect(asId(' abc ')).toBe('abc');
    expect(asId(17)).toBe('17');
    expect(asId('')).toBeNull();
    expect(compactJson('{ "a": 1 }')).toBe('{"a":1}');
    expect(compactJson('not json')).toBe('not json');
    expect(compactJson({ b: [1, 2] })).toBe('{"b":[1,2]}');
  });
});
