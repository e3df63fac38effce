import { isHighSurrogate } from '../../../platform/clip-text.ts';

/** Chunk sizes of the generic text parser, in UTF-16 characters. */
export interface ChunkSizes {
  /** No chunk is longer than this, carried overlap included. */
  maxChars: number;
  /** About this much of a chunk's end starts the next chunk (cut at a word boundary). */
  overlapChars: number;
}

export const DEFAULT_CHUNK_SIZES: ChunkSizes = { maxChars: 2000, overlapChars: 200 };

const SENTENCE_END = /[.!?…]['")\]]*(?=\s)/g;
const WHITESPACE = /\s/;

/**
 * Where to cut `text` so the first piece has at most `max` characters: after the last sentence
 * end in the second half of the window, else at the last whitespace there, else at any sentence
 * end or whitespace, else hard at `max` (never inside a surrogate pair).
 */
export function cutPoint(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const window = text.slice(0, max + 1);
  const minimum = Math.floor(max / 2);
  let sentence = -1;
  for (const match of window.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end <= max) sentence = end;
  }
  if (sentence >= minimum) return sentence;
  let space = -1;
  for (let i = Math.min(max, window.length - 1); i > 0; i -= 1) {
    if (WHITESPACE.test(window.charAt(i))) {
      space = i;
      break;
    }
  }
  if (space >= minimum) return space;
  if (sentence > 0 || space > 0) return Math.max(sentence, space);
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}

/** The last ~`size` characters of `text`, starting at a word boundary. */
export function overlapTail(text: string, size: number): string {
  if (size <= 0) return '';
  if (text.length <= size) return text;
  let start = text.length - size;
  if (!WHITESPACE.test(text.charAt(start - 1))) {
    const next = text.slice(start).search(WHITESPACE);
    if (next !== -1) start += next;
    else if (isHighSurrogate(text.charCodeAt(start - 1))) start -= 1;
  }
  return text.slice(start).trimStart();
}

/**
 * Streams lines into chunks: paragraphs (separated by blank lines) are packed into chunks of at
 * most `maxChars`; a paragraph too long for one chunk is split at sentence or word boundaries;
 * each chunk after the first starts with the tail of the one before (`overlapChars`). Holds at
 * most about two chunks of text, however long a paragraph is.
 */
export class TextChunker {
  private readonly pieceMax: number;
  private paragraph = '';
  /** True once part of the current paragraph has been placed: its next piece continues it. */
  private continuing = false;
  private chunk = '';
  /** True when the chunk holds text beyond the overlap it was started with. */
  private hasNew = false;
  private ready: string[] = [];

  constructor(private readonly sizes: ChunkSizes = DEFAULT_CHUNK_SIZES) {
    this.pieceMax = Math.max(1, sizes.maxChars - Math.max(0, sizes.overlapChars) - 2);
  }

  addLine(line: string): void {
    const text = line.trimEnd();
    if (text.trim() === '') {
      this.endParagraph();
      return;
    }
    this.paragraph = this.paragraph ? `${this.paragraph}\n${text}` : text;
    while (this.paragraph.length > this.pieceMax * 2) this.placeNextPiece();
  }

  /** Ends the text: the last chunk becomes ready. */
  end(): void {
    this.endParagraph();
    this.flush();
    this.chunk = '';
  }

  /** The chunks completed since the last call. */
  take(): string[] {
    const chunks = this.ready;
    this.ready = [];
    return chunks;
  }

  private endParagraph(): void {
    while (this.paragraph.length > this.pieceMax) this.placeNextPiece();
    if (this.paragraph) this.place(this.paragraph);
    this.paragraph = '';
    this.continuing = false;
  }

  /** Cuts the next piece off a long paragraph, sized to fill the current chunk when it has room. */
  private placeNextPiece(): void {
    const room = this.hasNew ? this.sizes.maxChars - this.chunk.length - 2 : 0;
    const limit = room >= this.sizes.maxChars / 4 ? Math.min(room, this.pieceMax) : this.pieceMax;
    const cut = cutPoint(this.paragraph, limit);
    this.place(this.paragraph.slice(0, cut).trimEnd());
    this.paragraph = this.paragraph.slice(cut).trimStart();
  }

  private place(piece: string): void {
    const separator = this.continuing ? ' ' : '\n\n';
    this.continuing = true;
    if (!piece) return;
    if (this.hasNew && this.chunk.length + separator.length + piece.length > this.sizes.maxChars)
      this.flush();
    const joined = this.chunk ? `${this.chunk}${separator}${piece}` : piece;
    this.chunk = joined.length > this.sizes.maxChars ? piece : joined; // overlap gives way to a long piece
    this.hasNew = true;
  }

  private flush(): void {
    if (!this.hasNew) return;
    this.ready.push(this.chunk);
    this.chunk = overlapTail(this.chunk, this.sizes.overlapChars);
    this.hasNew = false;
  }
}
