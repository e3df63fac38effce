/**
 * Finds the statements in one raw transcript message worth proposing as memories. Pure and
 * deterministic: the message is cleaned of code, tool calls, stack traces and markdown noise, split
 * into bullets and sentences, and each statement is kept only when its wording is a clear cue
 * (precision over recall). Linear in the input: a bounded prefix is read, every scan moves forward,
 * and every pattern is a bounded run without nested quantifiers.
 */
import type { MemoryType } from '../memories/index.ts';
import { classifyMemoryType } from './classify-memory-type.ts';
import { whyLeftOut } from './left-out-statements.ts';
import { clipText, isHighSurrogate, trimEnd } from '../../platform/clip-text.ts';

export interface Candidate {
  type: MemoryType;
  content: string;
  confidence: number;
}

export const MAX_CANDIDATE_CHARS = 500;
/** Only the start of a message is read; a caller that cuts it must pass more than this to show the cut. */
export const MAX_SCANNED_CHARS = 50_000;
const MAX_CANDIDATES = 10;
const MIN_CONTENT_CHARS = 25;
const MIN_WORDS = 4;
const MIN_CONFIDENCE = 0.5;

/** Statements in one raw message worth remembering. Pure and deterministic. */
export function extractCandidates(message: {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
}): Candidate[] {
  if (message.role !== 'user' && message.role !== 'assistant') return [];
  if (typeof message.content !== 'string' || !message.content) return [];

  const seen = new Set<string>();
  const found: Array<Candidate & { order: number }> = [];
  for (const statement of statementsOf(blocksOf(scannedPart(message.content)))) {
    const text = tidy(statement);
    if (!isStatement(text)) continue;
    const key = trimEnd(text.toLowerCase(), '.!;:…');
    if (seen.has(key)) continue;
    seen.add(key);
    const { type, confidence } = classifyMemoryType(text);
    if (confidence < MIN_CONFIDENCE) continue;
    found.push({
      type,
      content: clipText(text, MAX_CANDIDATE_CHARS, 'word'),
      confidence,
      order: found.length,
    });
  }
  return found
    .sort((a, b) => b.confidence - a.confidence || a.order - b.order)
    .slice(0, MAX_CANDIDATES)
    .map(({ type, content, confidence }) => ({ type, content, confidence }));
}

/** The first MAX_SCANNED_CHARS, cut back to the last complete line or sentence so no fragment remains. */
function scannedPart(content: string): string {
  if (content.length <= MAX_SCANNED_CHARS) return content;
  const head = content.slice(0, MAX_SCANNED_CHARS + 1);
  for (const boundary of ['\n', '. ', ' ']) {
    const at = head.lastIndexOf(boundary);
    if (at > MAX_SCANNED_CHARS / 2) return head.slice(0, at + 1);
  }
  const end = isHighSurrogate(head.charCodeAt(MAX_SCANNED_CHARS - 1))
    ? MAX_SCANNED_CHARS - 1
    : MAX_SCANNED_CHARS;
  return head.slice(0, end);
}

/** A paragraph, or a bullet or heading (its lines joined: a line break ends no sentence there). */
interface Block {
  text: string;
  whole: boolean;
}

const FENCE = /^(`{3,}|~{3,})/;
const TOOL_MARKER =
  /\[(?:tool_use|tool_result|tool_call|tool_output|function_call|function_result)\b[^\]\n]{0,100}\]/i;
const HEADING = /^#{1,6}(?:\s+|$)/;
const QUOTE = /^(?:>\s?)+/;
const BULLET = /^(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;
const RULE = /^[-*_=\s]+$/;

/** Splits the message into prose blocks, dropping what is not prose. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let parts: string[] = [];
  let whole = false;
  const flush = () => {
    if (parts.length) blocks.push({ text: parts.join(whole ? ' ' : '\n'), whole });
    parts = [];
    whole = false;
  };
  let fence: string | null = null;
  let payloadDepth = 0;
  let skipUntilBlank = false;
  let inTrace = false;

  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (fence) {
      if (line.startsWith(fence)) fence = null;
      continue;
    }
    if (skipUntilBlank || payloadDepth > 0) {
      if (!line) skipUntilBlank = false;
      payloadDepth = line ? braceDepth(line, payloadDepth) : 0;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      flush();
      const mark = opening[1] ?? '```';
      if (!line.slice(mark.length).includes(mark)) fence = mark; // else a one-line block
      continue;
    }
    const marker = TOOL_MARKER.exec(line);
    if (marker) {
      const payload = line.slice(marker.index + marker[0].length).trim();
      payloadDepth = braceDepth(payload, 0);
      skipUntilBlank = !payload && /result|output/i.test(marker[0]);
      line = line.slice(0, marker.index).trim();
    }
    if (isTraceLine(line)) {
      if (!inTrace && EXCEPTION_HEADER.test(parts[parts.length - 1] ?? '')) parts.pop();
      inTrace = true;
      continue;
    }
    inTrace = false;
    line = line.replace(QUOTE, '');
    if (!line || RULE.test(line) || line.startsWith('|') || line.startsWith('$ ') || isUrlOnly(line)) {
      flush();
    } else if (HEADING.test(line)) {
      flush(); // a heading titles what follows: a fragment, never a statement
    } else {
      const bullet = BULLET.exec(line);
      if (bullet) {
        flush();
        whole = true;
        line = line.slice(bullet[0].length);
      }
      if (!isUrlOnly(line)) parts.push(inlineClean(line));
    }
    if (marker) flush();
  }
  flush();
  return blocks;
}

/** Tracks `{`/`[` nesting through one line of JSON, ignoring brackets inside strings. */
function braceDepth(line: string, depth: number): number {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') depth = Math.max(0, depth - 1);
  }
  return depth;
}

const EXCEPTION_HEADER = /^(?:[\w$.]{0,200}(?:Error|Exception)\b|Traceback\b|panic:|Uncaught\b)/;

/** A frame of a JavaScript, Java, Python or Go stack trace. */
function isTraceLine(line: string): boolean {
  if (line.startsWith('at ')) {
    return /:\d{1,7}\)?$|\((?:native|Native Method|<anonymous>)\)$/.test(line);
  }
  return (
    /^File ".{1,300}", line \d/.test(line) ||
    /^Traceback \(most recent call last\)/.test(line) ||
    /^\.{3} \d{1,7} more$/.test(line) ||
    /^goroutine \d{1,7} \[/.test(line) ||
    /^\S{1,300}\.go:\d{1,7}(?: \+0x[0-9a-f]{1,16})?$/.test(line)
  );
}

function isUrlOnly(line: string): boolean {
  // Every token must start like a URL: without one of these, some token does not (most lines).
  if (!line.includes('://') && !/www\./i.test(line)) return false;
  const tokens = line.split(/\s+/).filter(Boolean);
  return tokens.length > 0 && tokens.every((t) => /^<?(?:https?:\/\/|www\.)\S/i.test(t));
}

const IMAGE = /!\[[^\]\n]{0,200}\]\([^)\s]{0,500}\)/g;
const LINK = /\[([^\]\n]{0,200})\]\([^)\s]{0,500}\)/g;
const HTML_TAG =
  /<\/?(?:br|p|div|span|details|summary|sub|sup|b|i|em|strong|code|pre|kbd|img|a|hr|ul|ol|li)\b[^<>\n]{0,200}>/gi;

/** Removes markdown decoration, keeping the words (and inline `code`). */
function inlineClean(line: string): string {
  return line
    .replace(IMAGE, ' ')
    .replace(LINK, '$1')
    .replace(HTML_TAG, ' ')
    .replace(/\*\*|~~|\*/g, '');
}

const CONTINUATION =
  /^(?:because|that's because|this is because|that is because|it's because|the reason is|otherwise)\b/i;

/**
 * A paragraph that ends by announcing choices ("I see two ways forward:", "We could either:"): the
 * bullets under it are proposals, none of them decided yet.
 */
const OPTIONS_LEAD_IN =
  /\b(?:options|alternatives|ways(?: forward)?|approaches|choices|possibilities|fixes|solutions|ideas|either|could)\b[^:\n]{0,60}:["'”’)*_`\s]{0,10}$/i;

/**
 * Every block split into sentences, keeping "because …" with its sentence: a bullet's later sentence
 * is judged on its own like any other ("- **Option 2.** It works, but …" is two statements). The
 * bullets under a paragraph announcing choices are left out (OPTIONS_LEAD_IN).
 */
function statementsOf(blocks: Block[]): string[] {
  const statements: string[] = [];
  let underOptions = false;
  for (const block of blocks) {
    if (block.whole && underOptions) continue;
    underOptions = !block.whole && OPTIONS_LEAD_IN.test(block.text.slice(-200));
    let previous: number | null = null;
    for (const sentence of splitSentences(block.text)) {
      if (previous !== null && CONTINUATION.test(sentence)) {
        statements[previous] += ` ${sentence}`;
      } else {
        previous = statements.push(sentence) - 1;
      }
    }
  }
  return statements;
}

const TERMINATORS = '.!?…';
const CLOSERS = `)"'”’]\``;
const SOFT_BREAK_BEFORE = ',:;-–—(/&+';
/** A line ending in one of these words was wrapped mid-sentence. */
const JOINING_WORDS = new Set([
  'and',
  'or',
  'but',
  'the',
  'a',
  'an',
  'to',
  'of',
  'for',
  'with',
  'that',
  'which',
  'in',
  'on',
]);
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'approx', 'incl', 'esp', 'mr', 'mrs', 'dr']);

/** Sentences of one paragraph. In a chat, a line break ends a sentence too, unless the line was wrapped mid-phrase. */
function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const cut = (end: number, next: number) => {
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    if (!isBreakOrTerminator(text.charCodeAt(i))) continue;
    const ch = text[i] ?? '';
    if (ch === '\n') {
      if (
        !SOFT_BREAK_BEFORE.includes(text[i - 1] ?? ',') &&
        !JOINING_WORDS.has(wordBefore(text, i).toLowerCase())
      ) {
        cut(i, i + 1);
      }
      continue;
    }
    if (!TERMINATORS.includes(ch)) continue;
    const at = i;
    let j = i + 1;
    while (j < text.length && (TERMINATORS + CLOSERS).includes(text[j] ?? '')) j += 1;
    i = j - 1;
    if (j < text.length && !isSpace(text[j])) continue;
    let k = j;
    while (k < text.length && isSpace(text[k])) k += 1;
    if (k < text.length && !startsSentence(text[k]) && !endsChatSentence(text, at)) continue;
    if (ch === '.' && ABBREVIATIONS.has(wordBefore(text, at).toLowerCase())) continue;
    cut(j, k);
    i = k - 1;
  }
  cut(text.length, text.length);
  return sentences;
}

/** A line break, or a character of TERMINATORS: where a sentence may end (tested per character). */
const isBreakOrTerminator = (code: number) =>
  code === 0x0a || code === 0x2e || code === 0x21 || code === 0x3f || code === 0x2026;

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r';
/** Anything but a lower-case letter can open a sentence (capitals, digits, quotes, `code`). */
const startsSentence = (ch: string | undefined) =>
  ch !== undefined && !isSpace(ch) && ch === ch.toUpperCase();

/**
 * In a chat a sentence may start in lower case ("ok good. one rule going forward: …"): a full stop,
 * "!" or "?" after a plain word of three letters or more ends one (not "e.g.", "etc.", "lock.ts.").
 */
function endsChatSentence(text: string, at: number): boolean {
  if (text[at] === '…') return false;
  const word = wordBefore(text, at);
  return /^[A-Za-z]{3,}$/.test(word) && !ABBREVIATIONS.has(word.toLowerCase());
}

/** The word (letters and dots, at most 8 characters) that ends just before `end`. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && end - start < 8 && /[A-Za-z.]/.test(text[start - 1] ?? '')) start -= 1;
  return text.slice(start, end);
}

/** Collapses whitespace and drops leading bullet and markdown marks. */
function tidy(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  let start = 0;
  while (start < text.length && '-*+•>· '.includes(text[start] ?? '')) start += 1;
  return text.slice(start);
}

const NOT_LETTERS = /\P{L}+/gu;

/**
 * Long enough, mostly letters, more than one word said over and over, and standing on its own: not
 * a question, request, narration, lead-in or a sentence leaning on the previous one (whyLeftOut).
 */
function isStatement(text: string): boolean {
  if (text.length < MIN_CONTENT_CHARS || whyLeftOut(text) !== null) return false;
  if (!hasDistinctWords(text, MIN_WORDS)) return false;
  return text.replace(NOT_LETTERS, '').length >= text.length / 2;
}

/**
 * Whether the first 40 words (split at single spaces, case ignored) hold `wanted` different ones.
 * Stops at the `wanted`th: most statements have it within their first few words.
 */
function hasDistinctWords(text: string, wanted: number): boolean {
  const seen = new Set<string>();
  let start = 0;
  for (let n = 0; n < 40; n++) {
    const end = text.indexOf(' ', start);
    seen.add(text.slice(start, end === -1 ? text.length : end).toLowerCase());
    if (seen.size >= wanted) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
}
