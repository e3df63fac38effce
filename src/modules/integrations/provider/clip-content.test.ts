import { describe, expect, it } from 'vitest';
import { clipContent, TRUNCATION_MARKER } from './clip-content.ts';

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** A tiny deterministic generator, so the property checks are reproducible. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('clipContent', () => {
  it('returns short text unchanged and not truncated, including at exactly the limit', () => {
    expect(clipContent('hello', 10)).toEqual({ content: 'hello', truncated: false });
    expect(clipContent('x'.repeat(20), 20)).toEqual({ content: 'x'.repeat(20), truncated: false });
    expect(clipContent('', 0)).toEqual({ content: '', truncated: false });
  });

  it('cuts at the last word that fits with the marker, the whole within the limit', () => {
    const text = 'one two three four five six';
    const result = clipContent(text, 23);
    expect(result).toEqual({ content: `one two${TRUNCATION_MARKER}`, truncated: true });
    expect(result.content.length).toBeLessThanOrEqual(23);
  });

  it('keeps a word that ends exactly at the room left', () => {
    // room = 20 - 13 = 7: "one two" fits exactly, "one twoX" does not.
    expect(clipContent('one two three four five', 20).content).toBe(`one two${TRUNCATION_MARKER}`);
    expect(clipContent('one twoX three four five', 20).content).toBe(`one${TRUNCATION_MARKER}`);
  });

  it('treats newlines and tabs as word boundaries too', () => {
    expect(clipContent('line one\nline two three', 22).content).toBe(`line one${TRUNCATION_MARKER}`);
    expect(clipContent('a\tbcdefghijklmnopqrstuvwxyz', 20).content).toBe(`a${TRUNCATION_MARKER}`);
  });

  it('cuts inside a word only when a single word is longer than the room', () => {
    expect(clipContent('x'.repeat(50), 20).content).toBe(`${'x'.repeat(7)}${TRUNCATION_MARKER}`);
  });

  it('never splits a surrogate pair', () => {
    const result = clipContent('ab' + '😀'.repeat(20), 16);
    expect(result.content).toBe(`ab${TRUNCATION_MARKER}`);
    expect(result.content.isWellFormed()).toBe(true);
  });

  it('drops punctuation and whitespace left at the cut, as clipText does', () => {
    expect(clipContent('done, then more words here', 21).content).toBe(`done${TRUNCATION_MARKER}`);
  });

  it('leaves quotes, backslashes and unicode of the kept part as they were', () => {
    const text = 'say "hi" \\n\\ 日本語 ünïcödé and a long tail of further words';
    expect(clipContent(text, 38).content).toBe(`say "hi" \\n\\ 日本語 ünïcödé${TRUNCATION_MARKER}`);
  });

  it('returns only a marker when there is no room for content', () => {
    expect(clipContent('x'.repeat(30), 14).content).toBe(`x${TRUNCATION_MARKER}`);
    expect(clipContent('x'.repeat(30), 13)).toEqual({ content: '…[truncated]', truncated: true });
    expect(clipContent('x'.repeat(30), 12)).toEqual({ content: '…[truncated]', truncated: true });
    expect(clipContent('x'.repeat(30), 11)).toEqual({ content: '…', truncated: true });
    expect(clipContent('x'.repeat(30), 0)).toEqual({ content: '', truncated: true });
  });

  it('floors fractional limits and treats NaN and negatives as 0, Infinity as no limit', () => {
    expect(clipContent('x'.repeat(30), 14.9).content).toBe(`x${TRUNCATION_MARKER}`);
    expect(clipContent('abc', Number.NaN)).toEqual({ content: '', truncated: true });
    expect(clipContent('abc', -5)).toEqual({ content: '', truncated: true });
    expect(clipContent('abc', Number.POSITIVE_INFINITY)).toEqual({ content: 'abc', truncated: false });
  });

  it('clips a very long text quickly to exactly its limit or less', () => {
    const text = 'lorem ipsum '.repeat(1_000_000);
    const result = clipContent(text, 1000);
    expect(result.truncated).toBe(true);
    expect(result.content.length).toBeLessThanOrEqual(1000);
    expect(result.content.endsWith(`ipsum${TRUNCATION_MARKER}`)).toBe(true);
  });

  it('holds its promises on random text of words, whitespace, emoji and punctuation', () => {
    const next = random(42);
    const pieces = ['a', 'bc', 'word', ' ', '\n', '\t', '😀', '"', '\\', '.', ',', 'é', '日本'];
    for (let round = 0; round < 2000; round += 1) {
      let text = '';
      const length = Math.floor(next() * 80);
      for (let i = 0; i < length; i += 1) text += pieces[Math.floor(next() * pieces.length)];
      const max = Math.floor(next() * 60);
      const { content, truncated } = clipContent(text, max);
      expect(content.length).toBeLessThanOrEqual(Math.max(max, 0));
      if (!truncated) {
        expect(content).toBe(text);
        continue;
      }
      expect(text.length).toBeGreaterThan(max);
      if (!content.endsWith(TRUNCATION_MARKER)) continue;
      const kept = content.slice(0, -TRUNCATION_MARKER.length);
      expect(text.startsWith(kept)).toBe(true);
      expect(isHigh(kept.charCodeAt(kept.length - 1))).toBe(false);
      // With whitespace (after the first character) within the room, the cut is at the last one;
      // without, as late as the room allows short of a pair. Either way less trailing punctuation.
      const room = max - TRUNCATION_MARKER.length;
      const boundary = text.slice(0, room + 1).search(/\s\S*$/);
      const end = boundary > 0 ? boundary : room - (isHigh(text.charCodeAt(room - 1)) ? 1 : 0);
      expect(text.slice(kept.length, end)).toMatch(/^[\s,;:.\-–—]*$/);
    }
  });
});
