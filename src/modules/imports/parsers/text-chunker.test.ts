import { describe, expect, it } from 'vitest';
import { cutPoint, overlapTail, TextChunker, type ChunkSizes } from './text-chunker.ts';

function chunk(text: string, sizes?: ChunkSizes): string[] {
  const chunker = new TextChunker(sizes);
  for (const line of text.split('\n')) chunker.addLine(line);
  chunker.end();
  return chunker.take();
}

const sentence = (i: number) => `Sentence ${i} says the invoice job takes an advisory lock before it runs.`;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('cutPoint', () => {
  it('cuts after a sentence end, else at a space, else hard, never inside a surrogate pair', () => {
    expect(cutPoint('One two three four. Five six seven eight', 25)).toBe(19);
    expect(cutPoint('One. two three four five six seven', 20)).toBe(19); // a sentence end too early: a space
    expect(cutPoint('alpha beta gamma delta epsilon', 20)).toBe(16);
    expect(cutPoint('x'.repeat(50), 20)).toBe(20);
    expect(cutPoint(`${'x'.repeat(19)}😀tail`, 20)).toBe(19);
    expect(cutPoint('short', 20)).toBe(5);
  });
});

describe('overlapTail', () => {
  it('starts at a word boundary within the last characters', () => {
    expect(overlapTail('the quick brown fox jumps', 8)).toBe('jumps');
    expect(overlapTail('the quick brown fox jumps', 9)).toBe('fox jumps');
    expect(overlapTail('tiny', 10)).toBe('tiny');
    expect(overlapTail('anything', 0)).toBe('');
  });
});

describe('TextChunker', () => {
  it('packs paragraphs into chunks of at most maxChars, each starting with the tail of the one before', () => {
    const paragraphs = Array.from({ length: 40 }, (_, p) =>
      [sentence(p * 3), sentence(p * 3 + 1), sentence(p * 3 + 2)].join(' '),
    );
    const text = paragraphs.join('\n\n');
    const chunks = chunk(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(2000);
    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1]!;
      const tail = overlapTail(previous, 200);
      expect(tail.length).toBeGreaterThan(100);
      expect(chunks[i]!.startsWith(tail)).toBe(true);
    }
    // nothing is lost, in order
    const seen = words(
      chunks.map((c, i) => (i === 0 ? c : c.slice(overlapTail(chunks[i - 1]!, 200).length))).join(' '),
    );
    expect(seen).toEqual(words(text));
    // paragraphs stay apart
    expect(chunks[0]).toContain('runs.\n\nSentence 3 says');
  });

  it('splits an oversized paragraph at sentence boundaries', () => {
    const paragraph = Array.from({ length: 100 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunk(paragraph);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(2000);
      expect(c.endsWith('runs.')).toBe(true);
    }
  });

  it('hard-cuts text without spaces and honours custom sizes', () => {
    const chunks = chunk('y'.repeat(1000), { maxChars: 300, overlapChars: 50 });
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(300);
    expect(chunks.join('').length).toBeGreaterThan(1000); // the overlap repeats some
    expect(chunk('', { maxChars: 300, overlapChars: 50 })).toEqual([]);
    expect(chunk('\n\n  \n')).toEqual([]);
  });

  it('hands out chunks while a long paragraph is still coming in (bounded memory)', () => {
    const chunker = new TextChunker();
    let handedOut = 0;
    for (let i = 0; i < 10_000; i += 1) {
      chunker.addLine(sentence(i));
      handedOut += chunker.take().length;
    }
    expect(handedOut).toBeGreaterThan(300);
    chunker.end();
    expect(chunker.take().length).toBeGreaterThan(0);
  });
});
