import { STOP_WORDS } from './recall-index/stop-words.ts';

/**
 * Whether a new memory seems to contradict an older one (pure): the two say nearly the same thing
 * (most of the shorter one's words are in the other) and differ in a value: a number or version, a
 * name or identifier, or a negation. Answers what differs, in words, or null.
 */

/** Words that turn a statement around. */
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'without',
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "aren't",
  "wasn't",
  "won't",
  "can't",
  'cannot',
  "shouldn't",
  'dont',
  'doesnt',
  'isnt',
  'cant',
  'wont',
]);
/** Pairs of words saying opposite things about the same subject. */
const OPPOSITES: [string, string][] = [
  ['enabled', 'disabled'],
  ['enable', 'disable'],
  ['on', 'off'],
  ['true', 'false'],
  ['allow', 'deny'],
  ['allowed', 'denied'],
  ['sync', 'async'],
  ['synchronous', 'asynchronous'],
  ['required', 'optional'],
  ['public', 'private'],
  ['before', 'after'],
  ['increase', 'decrease'],
  ['increased', 'decreased'],
  ['added', 'removed'],
  ['keep', 'drop'],
  ['use', 'avoid'],
];
const OPPOSITE_OF = new Map(OPPOSITES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/** Shorter memory's words the other must hold for the two to be about the same thing. */
const MIN_OVERLAP = 0.6;
const MIN_SHARED = 2;

/** Lower-cased words, keeping dots, dashes, slashes and apostrophes inside (1.2.3, v18, don't, paths). */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+(?:['’./:-][\p{L}\p{N}_]+)*/gu) ?? []).map((w) =>
    w.replace(/’/g, "'"),
  );
}

const hasDigit = (w: string) => /\p{N}/u.test(w);
/** A name as code writes it: snake_case, dotted, a path, or mixed case in the original text. */
const isIdentifier = (w: string) => /[_./:]/.test(w);

interface Parts {
  /** Words that carry what the memory is about (no stop words, values or negations). */
  content: Set<string>;
  values: Set<string>;
  identifiers: Set<string>;
  negated: boolean;
  all: Set<string>;
}

function partsOf(text: string): Parts {
  const all = words(text);
  const parts: Parts = {
    content: new Set(),
    values: new Set(),
    identifiers: new Set(),
    negated: false,
    all: new Set(all),
  };
  for (const w of all) {
    if (NEGATIONS.has(w)) parts.negated = true;
    else if (hasDigit(w)) parts.values.add(w);
    else if (isIdentifier(w)) parts.identifiers.add(w);
    else if (!STOP_WORDS.has(w) && w.length > 1) parts.content.add(w);
  }
  // Mixed-case words of the original are names too (PgBouncer, RabbitMQ).
  for (const w of text.match(/\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z]+[A-Z]\w*\b/g) ?? []) {
    const lower = w.toLowerCase();
    parts.content.delete(lower);
    parts.identifiers.add(lower);
  }
  return parts;
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((w) => !b.has(w));

/** "45 (was 30)": the first value each side has that the other lacks. */
const changed = (kind: string, now: string[], was: string[]) =>
  `different ${kind}: ${now.slice(0, 2).join(', ')} (was ${was.slice(0, 2).join(', ')})`;

export function contradiction(newer: string, older: string): string | null {
  const a = partsOf(newer);
  const b = partsOf(older);
  const shared = [...a.content].filter((w) => b.content.has(w)).length;
  const smaller = Math.min(a.content.size, b.content.size);
  if (shared < MIN_SHARED || shared / smaller < MIN_OVERLAP) return null;
  const newValues = minus(a.values, b.values);
  const oldValues = minus(b.values, a.values);
  if (newValues.length && oldValues.length) return changed('number or version', newValues, oldValues);
  const newNames = minus(a.identifiers, b.identifiers);
  const oldNames = minus(b.identifiers, a.identifiers);
  if (newNames.length && oldNames.length) return changed('name', newNames, oldNames);
  if (a.negated !== b.negated) {
    return a.negated
      ? 'the new memory negates what the older one says'
      : 'the older memory said the opposite (a negation)';
  }
  for (const w of a.all) {
    const opposite = OPPOSITE_OF.get(w);
    if (opposite && b.all.has(opposite) && !a.all.has(opposite)) return `${w} (was ${opposite})`;
  }
  // Same subject, one different plain word each: a renamed thing (Postgres -> MySQL).
  const newWords = minus(a.content, b.content);
  const oldWords = minus(b.content, a.content);
  if (newWords.length === 1 && oldWords.length === 1) return changed('name', newWords, oldWords);
  return null;
}
