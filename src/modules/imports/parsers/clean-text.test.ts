import { describe, expect, it } from 'vitest';
import { cleanText, cleanTitle, clipText } from './clean-text.ts';
import { asId, compactJson, parseDate } from './json-values.ts';

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
  it('reads ids and compacts JSON', () => {
    expect(asId(' abc ')).toBe('abc');
    expect(asId(17)).toBe('17');
    expect(asId('')).toBeNull();
    expect(compactJson('{ "a": 1 }')).toBe('{"a":1}');
    expect(compactJson('not json')).toBe('not json');
    expect(compactJson({ b: [1, 2] })).toBe('{"b":[1,2]}');
  });
});
