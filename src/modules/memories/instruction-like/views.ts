/**
 * The views a text is matched in (instruction-like.ts says why), and the pattern builders and
 * words every rule shares.
 */

export interface Views {
  /** The text as stored, lone surrogates made U+FFFD. */
  raw: string;
  /** Invisible characters removed, NFKC, lower case, Latin accents folded, spaces collapsed. */
  visible: string;
  /** `visible` as words: letters, marks and digits, one space between words. */
  words: string;
  /** Letters and digits only. */
  squashed: string;
  /** `visible` cut at sentence ends (a period before a space, not the dots of a URL) and lines. */
  sentences: string[];
}

/** Characters that draw nothing: format characters (ZWSP, ZWJ, bidi controls, BOM, tags). */
const INVISIBLE = /\p{Cf}/gu;
/** The typographic quotes, folded to their ASCII forms. */
const SINGLE_QUOTES = /[\u2018\u2019\u02bc\u00b4]/g;
const DOUBLE_QUOTES = /[\u201c\u201d]/g;
/** An apostrophe inside a word ("don't"), dropped so the word stays one word ("dont"). */
const INNER_APOSTROPHE = /(?<=\p{L})'(?=\p{L})/gu;
/** Accents on Latin letters ("précédentes" is matched as "precedentes"). */
const LATIN_ACCENT = /(?<=\p{Script=Latin})\p{M}+/gu;

export function viewsOf(text: string): Views {
  const raw = text.toWellFormed();
  const visible = foldLatinAccents(raw.replace(INVISIBLE, '').normalize('NFKC').toLowerCase())
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(/[^\S\n]+/g, ' ');
  const words = visible
    .replace(INNER_APOSTROPHE, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  return {
    raw,
    visible,
    words,
    squashed: words.replaceAll(' ', ''),
    sentences: visible.split(/(?<=[.!?;])\s|\n/),
  };
}

function foldLatinAccents(text: string): string {
  return text.normalize('NFD').replace(LATIN_ACCENT, '').normalize('NFC');
}

/**
 * A pattern over the `words` view that matches whole words only: `\b` knows ASCII words alone, so
 * the phrase is bounded by the view's spaces (or its ends) instead.
 */
export function phrase(source: string, flags = ''): RegExp {
  return new RegExp(`(?<=^| )(?:${source})(?= |$)`, `u${flags}`);
}

/** The words of a comma-separated list ("ignore, set aside" is "ignore" and "set aside"). */
export function words(list: string): string[] {
  return list.split(',').map((word) => word.trim());
}

/** A comma-separated list of words as alternatives of a pattern: "ignore|set aside". */
export function oneOf(list: string): string {
  return words(list).join('|');
}

/** Pattern fragments as alternatives of a pattern. */
export const any = (...fragments: string[]): string => fragments.join('|');

// ---------------------------------------------------------------------------------------------
// Words shared by the rules

/**
 * An AI assistant by kind or name. Bare "model", "agent" and "bot" are left out: a build agent or
 * an ML model is no reader of memories.
 */
export const ASSISTANT = `(?:ai |coding |github |large |ai coding |ai language )?(?:ai|llm|language model|ai model|ai agent|coding agent|automated agent|assistant|chatbot|claude code|claude|codex|copilot|chatgpt|gpt|gemini|cursor)s?`;
/** Words that start an order ("Codex: never tell the user", "New system prompt: you are …"). */
export const ORDER_START = oneOf(`
  you, your, please, always, never, silently, secretly, quietly, do, dont, ignore, disregard,
  forget, run, execute, send, upload, post, delete, remove, add, insert, include, reply,
  respond, answer, say, tell, print, output, reveal, install, download, open, visit, fetch,
  stop, start, from now on, when, whenever, before, after, make sure, ensure, remember,
  pretend, act, use, approve, merge, push, commit, skip, disable, enable, bump, update,
  upgrade, change, edit, modify, write, create, replace, rename, set, grant, give, share, show,
  claim, treat, obey, follow, important, the user
`);
