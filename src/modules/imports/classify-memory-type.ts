/**
 * Classifies one statement from a transcript by its wording: which kind of memory it would be and how
 * sure we are. Pure and deterministic. Every pattern is a bounded literal or a bounded character run
 * (no nested quantifiers), and the text is clipped first, so the work is linear in the input.
 */

import {
  identifierTokens,
  type IdentifierKind,
  type IdentifierToken,
  type MemoryType,
} from '../memories/index.ts';
import { isQuestion, PROMISE, stripFiller } from './left-out-statements.ts';
import { CUES } from './memory-type-cues.ts';

/** Only the opening of a very long statement is read. */
const MAX_CLASSIFIED_CHARS = 2_000;
const MAX_TOKEN_CHARS = 200;

/** Ties go to the first type listed. */
const PRIORITY: readonly MemoryType[] = [
  'decision',
  'constraint',
  'caveat',
  'problem',
  'goal',
  'active_work',
  'summary',
  'activity',
  'note',
];

/** Narration of what the assistant is about to do, and pleasantries. */
const CHIT_CHAT =
  /^(?:let me|let's see|now let me|first,? let me|i'll (?:now |first |just |go ahead and )?(?:run|check|look|take|read|open|search|try|start|inspect|verify|investigate|examine|review|update|add|fix|write|create)\b|i will (?:now )?(?:run|check|look)\b|i'm going to|i am going to|i need to (?:check|look|see|run)\b)/i;
const PLEASANTRY =
  /^(?:thanks|thank you|thx|no worries|don't worry|sounds good|makes sense|got it|good catch|nice|awesome|perfect|cool)\b/i;
const APOLOGY = /\b(?:sorry|apologi[sz]e|my bad)\b/i;
const HEDGE =
  /\b(?:maybe|perhaps|probably|possibly|might|i think|i guess|i believe|not sure|could be|it seems|seems like|looks like)\b/i;
/** ", so …", "which means …", "otherwise …": what follows is a consequence of what came before. */
const CONSEQUENCE =
  /(?:[,;:—–]|\band) so\b(?! that)|\b(?:which|this|that) means\b|\b(?:as a result|consequently|therefore|hence|otherwise)\b/i;
/** "…, otherwise the build fails": a failure that would happen, not one that did. */
const OTHERWISE = /\botherwise\b/i;
/** "…, because an unchecked id must not be stored": a rule given as the reason of what is described. */
const REASON_CLAUSE = /(?:,|\band) because\b/i;
/** "… only when that fails", "would only hide bugs": a failure supposed, a few words after the supposition. */
const CONDITION_BEFORE =
  /\b(?:if|when|whenever|unless|until|once|in case|would|could|might) (?:[\w'’`.-]+ ){0,3}$/i;
/** "when a charge failed" told what happened; "when that fails" supposes it. */
const PAST_FAILURE = /(?:ed|\bran out of)$/i;
/** "If Chromium crashes, …": a failure supposed, not one that happened. */
const SUPPOSITION = /^(?:if|in case|should) [^,;.\n]{1,120},/i;
/** Whether the failure a problem cue matched is only supposed: in an opening "If …," or just after "when"/"would". */
const supposedFailure = (statement: string, match: RegExpExecArray): boolean =>
  match.index < (SUPPOSITION.exec(statement)?.[0].length ?? 0) ||
  (!PAST_FAILURE.test(match[0]) &&
    CONDITION_BEFORE.test(statement.slice(Math.max(0, match.index - 60), match.index)));
/** "A shared browser must …": a rule of a kind of thing, told as how it behaves. */
const KIND_SUBJECT = /^an? (?:[\w'-]+ ){1,4}$/i;
const CONSEQUENCE_WEIGHT = 0.6;
const RATIONALE = /\b(?:because|so that|due to|otherwise)\b/i;
const RATIONALE_TYPES: ReadonlySet<MemoryType> = new Set([
  'decision',
  'constraint',
  'caveat',
  'problem',
  'goal',
]);

const IDENTIFIER_BONUS = 0.1;
const EXTRA_CUE_BONUS = 0.05;
const LEADING_CUE_BONUS = 0.1;
const RATIONALE_BONUS = 0.05;
const HEDGE_PENALTY = 0.15;
const PLEASANTRY_PENALTY = 0.5;
const CHIT_CHAT_PENALTY = 0.4;

/** Classifies one statement from its wording; returns the type and a confidence 0..1. */
export function classifyMemoryType(text: string): { type: MemoryType; confidence: number } {
  const statement = stripFiller(text.slice(0, MAX_CLASSIFIED_CHARS).replace(/\s+/g, ' ').trim());
  if (!statement) return { type: 'note', confidence: 0 };
  const named = namesSomething(statement);

  const scores = new Map<MemoryType, { score: number; cues: number }>();
  const add = (type: MemoryType, score: number) => {
    const seen = scores.get(type);
    if (!seen) scores.set(type, { score, cues: 1 });
    else scores.set(type, { score: Math.max(seen.score, score), cues: seen.cues + 1 });
  };
  const consequenceAt = CONSEQUENCE.exec(statement)?.index ?? statement.length;
  const otherwiseAt = OTHERWISE.exec(statement)?.index ?? statement.length;
  const reasonAt = REASON_CLAUSE.exec(statement)?.index ?? statement.length;
  let consequence = false;
  for (const { type, weight, re, plainMust } of CUES) {
    const match = re.exec(statement);
    if (!match) continue;
    if (type === 'problem' && supposedFailure(statement, match)) continue;
    if (
      (type === 'constraint' && (match.index > consequenceAt || match.index > reasonAt)) ||
      (type === 'problem' && match.index > otherwiseAt)
    ) {
      consequence = true;
      continue;
    }
    // "A shared browser must be relaunched after a crash, otherwise every render fails", "A unique
    // constraint must include the partition key": how a kind of thing behaves, or the failure that
    // awaits; a rule of the team's own names what it governs ("Amounts must …", "Every handler must …").
    if (
      plainMust &&
      ((otherwiseAt < statement.length && match.index < otherwiseAt) ||
        KIND_SUBJECT.test(statement.slice(0, match.index)))
    ) {
      add('caveat', weight);
      continue;
    }
    add(type, weight + (match.index <= 3 ? LEADING_CUE_BONUS : 0));
  }
  // "X, so the job must hold one connection": what follows from a fact is a caveat, not a rule;
  // "…, otherwise the build fails" is a failure to avoid, not one that happened.
  if (consequence && !scores.has('constraint')) add('caveat', CONSEQUENCE_WEIGHT);

  let best: { type: MemoryType; score: number } | null = null;
  for (const type of PRIORITY) {
    const seen = scores.get(type);
    if (!seen) continue;
    const score = seen.score + Math.min(seen.cues - 1, 2) * EXTRA_CUE_BONUS;
    if (!best || score > best.score) best = { type, score };
  }
  if (!best) return { type: 'note', confidence: named ? 0.2 : 0.05 };

  const { type } = best;
  let confidence = best.score;
  if (named) confidence += IDENTIFIER_BONUS;
  if (RATIONALE_TYPES.has(type) && RATIONALE.test(statement)) confidence += RATIONALE_BONUS;
  if (HEDGE.test(statement)) confidence -= HEDGE_PENALTY;
  if (PLEASANTRY.test(statement) || APOLOGY.test(statement)) confidence -= PLEASANTRY_PENALTY;
  if (CHIT_CHAT.test(statement) && !PROMISE.test(statement)) confidence -= CHIT_CHAT_PENALTY;
  if (isQuestion(statement)) confidence = Math.min(confidence, 0.1);
  return { type, confidence: round(confidence) };
}

const ISSUE = /^(?:#|PR-?#?|!)\d{1,7}$/;

/**
 * The identifiers that make a statement concrete. A word with digits (`node20`), a capitalised
 * product name (`GitHub`), an abbreviation (`e.g.`) or a hyphenated word with digits (`5-minute`)
 * is matched as written by recall but names nothing in the project.
 */
const CONCRETE: ReadonlySet<IdentifierKind> = new Set(['path', 'code', 'dotted', 'ticket', 'camel']);

/** Does the statement name something concrete: a file, a ticket, a PR, an identifier in code? */
function namesSomething(statement: string): boolean {
  for (const identifier of identifierTokens(statement)) {
    if (CONCRETE.has(identifier.kind) && (identifier.kind !== 'path' || isPathLike(identifier))) return true;
  }
  for (const raw of statement.split(' ')) {
    if (raw.length > MAX_TOKEN_CHARS) continue;
    if (raw.startsWith('`') && raw.length > 2) return true;
    if (ISSUE.test(trimPunctuation(raw))) return true;
  }
  return false;
}

/** "and/or" is no path: a path has an extension, several segments, or an explicit root. */
function isPathLike({ token, written }: IdentifierToken): boolean {
  if (/^(?:\.{0,2}\/|~\/)/.test(written) || written.endsWith('/')) return true;
  if (/\.[a-z]{1,5}$/i.test(token)) return true;
  return token.split('/').length > 2;
}

const EDGE_PUNCTUATION = `()[]{}<>"'\`“”‘’,.;:!?*`;

function trimPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && EDGE_PUNCTUATION.includes(token[start] ?? '')) start += 1;
  while (end > start && EDGE_PUNCTUATION.includes(token[end - 1] ?? '')) end -= 1;
  return token.slice(start, end);
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;
