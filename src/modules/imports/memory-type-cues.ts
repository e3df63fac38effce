/**
 * The wordings that point to each type of memory, with their weights: what classifyMemoryType reads
 * a statement by. Every pattern is a bounded literal or a bounded character run (no nested
 * quantifiers).
 */

import type { MemoryType } from '../memories/index.ts';
import { PROMISE } from './left-out-statements.ts';

interface Cue {
  type: MemoryType;
  weight: number;
  re: RegExp;
  /** A plain "must": a rule, unless a failure it avoids follows ("…, otherwise every render fails"). */
  plainMust?: true;
}

/** A participle used as an adjective or a present-tense description ("the lock is released") is no event. */
const NOT_DESCRIPTIVE = String.raw`(?<!\b(?:is|are|be|being|get|gets|getting|a|the) )`;

/** "must have come from", "must be the retry": a guess at a cause, not a rule. */
const EPISTEMIC_MUST = String.raw`\bmust(?:'ve| have| be (?:the|a|an|because|coming|caused|related|due|from|why|what|that|how))\b`;

const cue = (type: MemoryType, weight: number, source: string, flags = 'i'): Cue => ({
  type,
  weight,
  re: new RegExp(source, flags),
});

export const CUES: readonly Cue[] = [
  cue('decision', 0.85, String.raw`\bwe(?:'ve| have)? (?:decided|agreed|settled on|chose|opted)\b`),
  cue('decision', 0.85, String.raw`\blet(?:'s| us) (?:go with|stick with|switch to|standardi[sz]e on)\b`),
  cue(
    'decision',
    0.8,
    String.raw`\bwe(?:'ll| will|'re going to| are going to) (?:use|go with|adopt|switch to|keep)\b`,
  ),
  // "legal hasn't decided yet": no choice made.
  cue(
    'decision',
    0.75,
    String.raw`(?<!n't |\bnot |\bno |\byet )\b(?:decided|decision|chose|chosen|opted for|settled on|going with)\b`,
  ),
  // "has to be switched to" is a task, not a choice made.
  cue('decision', 0.75, String.raw`(?<!\bbe )\bswitch(?:ed|ing)\b[^.;\n]{0,60}\bto\b`),
  cue('decision', 0.65, String.raw`\b(?:go with|migrated to|in favou?r of)\b`),
  // "retry.ts now reuses the existing invoice": a behaviour that was changed on purpose.
  cue(
    'decision',
    0.7,
    String.raw`\bnow (?:(?:use|reuse|take|wait|run|answer|return|read|write|store|record|check|send|keep|hold|reject|skip|call|create|enqueue)s?|retry|retries|goes through|go through)\b`,
  ),
  cue('decision', 0.6, String.raw`\blet's use\b`),
  // "Not option 1: …", "Option 2 it is": an option taken or turned down.
  cue(
    'decision',
    0.8,
    String.raw`^(?:not|no to) option (?:\d|[a-c]|one|two|three)\b|^option (?:\d|[a-c]|one|two|three) it is\b`,
  ),
  // Alone, "instead of" compares more often than it chooses ("scans 6M rows instead of 180M").
  cue('decision', 0.35, String.raw`\binstead of\b`),

  cue('constraint', 0.85, String.raw`\b(?:must|should|shall) (?:not|never)\b|\bmustn't\b|\bmust always\b`),
  cue('constraint', 0.8, String.raw`^(?:never|always|do not|don't|don’t|avoid)\b`),
  cue('constraint', 0.8, String.raw`\b(?:do not|don't|don’t) ever\b|\bnever ever\b`),
  // "must have come from", "must be the retry": an inference, not a rule (see EPISTEMIC_MUST).
  {
    ...cue(
      'constraint',
      0.75,
      String.raw`\bmust\b(?!'ve\b| have\b| be (?:the|a|an|because|coming|caused|related|due|from|why|what|that|how)\b)`,
    ),
    plainMust: true,
  },
  cue('constraint', 0.75, String.raw`\b(?:not allowed|not permitted|forbidden|prohibited|mandatory)\b`),
  // "We're on 1.5.7 and have to stay there": a version or a tool the team may not leave.
  cue(
    'constraint',
    0.75,
    String.raw`\b(?:pinned to|stuck (?:on|with)|(?:have|has) to stay (?:on|at|with|there))\b`,
  ),
  // "… is not allowed on a partitioned table": a limit of a kind of thing, not a rule of the team's.
  cue(
    'caveat',
    0.8,
    String.raw`\b(?:not allowed|not permitted|not supported) (?:on|in|inside|within|for) an?\b`,
  ),
  cue('constraint', 0.75, String.raw`\bonly\b[^.;\n]{0,60}\b(?:allowed|permitted)\b`),
  cue('constraint', 0.7, String.raw`\b(?:is|are) required\b|\brequired to\b`),
  cue('constraint', 0.65, String.raw`\b(?:should not|shouldn't)\b`),
  cue('constraint', 0.85, String.raw`^please (?:always|never|do not|don't)\b`),
  // "We don't add retries to integration tests": a practice of the team.
  cue(
    'constraint',
    0.8,
    String.raw`^we (?:don't|do not|never|always) (?:add|use|run|deploy|merge|store|log|commit|push|call|touch|change|edit|delete|ship|release|skip|mock|retry|rely)\b`,
  ),
  cue('constraint', 0.7, String.raw`\b(?:make sure|ensure) (?:to|that|you|we|it|the|every|all|each)\b`),
  // "I always forget" describes a habit; an unattributed "always"/"never" leans towards a rule.
  // "charge.refunds is always empty" describes; it prescribes nothing.
  cue(
    'constraint',
    0.45,
    // "OOMKilled 6 times, always while rendering": when it happens, not a rule.
    // "almost always means", "CI never sees this": how often, or what something does, not a rule.
    String.raw`(?<!\b(?:i|we|you|they|he|she|it|is|are|was|were|be|been|almost|nearly) )\b(?:never|always|do not)\b(?! (?:while|when|during|after|before|at|means|meant)\b| [a-z]{2,}[^s\W]s\b)`,
  ),

  cue('problem', 0.8, String.raw`\broot cause\b`),
  cue('problem', 0.65, EPISTEMIC_MUST),
  // "refunds never show up in the ledger": something that should happen does not.
  cue(
    'problem',
    0.65,
    String.raw`\bnever (?:shows? up|showed up|arrive[sd]?|reach(?:es|ed)?|gets?|got|happen(?:s|ed)?|runs?|ran|fire[sd]?|finish(?:es|ed)?|complete[sd]?|appear(?:s|ed)?|work(?:s|ed)?|match(?:es|ed)?|land(?:s|ed)?|succeed(?:s|ed)?|return(?:s|ed)?|end(?:s|ed)?|release[sd]?|stop(?:s|ped)?)\b`,
  ),
  cue('problem', 0.75, String.raw`\bregress(?:ion|ions|ed)\b`),
  cue(
    'problem',
    0.7,
    String.raw`\b(?:crash|crashes|crashed|crashing|flaky|flakiness|deadlocks?|deadlocked)\b`,
  ),
  cue('problem', 0.7, String.raw`\b(?:times out|timed out|timing out|race condition|memory leak)\b`),
  // "got OOMKilled", not "an alert before the OOM killer does".
  cue(
    'problem',
    0.7,
    String.raw`\b(?:OOM-?killed|out of memory|ran out of (?:memory|disk|space|connections))\b`,
  ),
  // "312 rows were skipped": something lost or damaged, reported after the fact.
  cue(
    'problem',
    0.6,
    // "no export was lost" denies it.
    String.raw`(?<!\b(?:no|none|nothing|not one|not a single)\b[\w -]{0,30})\b(?:was|were|got) (?:skipped|rejected|dropped|lost|corrupted|garbled|truncated|duplicated|mangled)\b`,
  ),
  cue(
    'problem',
    0.6,
    // "nothing is broken yet", "No failures": the failure is denied.
    String.raw`(?<!\b(?:no longer|nothing is|nothing's|isn't|is not|not|no|without|zero) )\b(?:bugs?|buggy|broken|fails|failing|failed|failures?|outage|incident)\b`,
  ),
  cue('problem', 0.55, String.raw`\b(?:doesn't|does not|don't|do not|isn't|is not) work(?:ing)?\b`),
  cue('problem', 0.45, String.raw`(?<!\b(?:no|any|without|zero|0) )\b(?:errors?|exceptions?)\b(?! handl)`),

  cue('caveat', 0.85, String.raw`\b(?:note that|be careful|watch out|beware|keep in mind|heads[- ]up)\b`),
  cue(
    'caveat',
    0.85,
    String.raw`\b(?:thing to (?:watch|know|keep in mind|remember)|there's a catch|worth knowing)\b`,
  ),
  cue('caveat', 0.85, String.raw`^note:|\bcareful:|\bgotchas?\b|\bcaveats?\b`),
  cue('caveat', 0.75, String.raw`^(?:warning|important|nb):|\bpitfalls?\b|\bcounter-?intuitive\b`),
  // A limit of a tool or a design; alone it needs something concrete named to be kept.
  cue(
    'caveat',
    0.45,
    String.raw`(?<!\b(?:i|you) )\b(?:cannot|can't|can not|no longer|not supported|only (?:applies|apply|works|work|helps|help|affects|counts))\b`,
  ),

  cue(
    'goal',
    0.85,
    String.raw`\b(?:the|our|main|primary) (?:goal|objective|aim)s? (?:is|are|was|for)\b|^goal:`,
  ),
  cue(
    'goal',
    0.75,
    String.raw`\bwe (?:want|wanted|would like|'d like) (?:to|a|an|one|the|all|every|each|our)\b|\b(?:aim|aims|aiming) (?:to|for)\b`,
  ),
  cue('goal', 0.65, String.raw`\bby the end of\b`),
  cue('goal', 0.45, String.raw`\b(?:goals?|objectives?|targets?|targeting|targeted)\b`),

  cue('active_work', 0.85, String.raw`\b(?:i'm|i am|we're|we are|currently|still) working on\b`),
  cue('active_work', 0.8, PROMISE.source),
  cue(
    'active_work',
    0.75,
    String.raw`\b(?:planned|scheduled) for (?:Q[1-4]|next|tomorrow|monday|tuesday|wednesday|thursday|friday|the (?:next|coming))\b`,
  ),
  cue(
    'active_work',
    0.8,
    String.raw`\b(?:i'm|i am|we're|we are) (?:in the middle of|halfway through|part way through)\b`,
  ),
  cue(
    'active_work',
    0.8,
    String.raw`\bcurrently (?:implementing|refactoring|migrating|building|adding|investigating|debugging|rewriting|fixing)\b`,
  ),
  cue('active_work', 0.75, String.raw`\b(?:in progress|in-progress|next steps?)\b|^todo:|^wip\b`),
  cue(
    'active_work',
    0.85,
    String.raw`^(?:open|still open|still to do|to do|open items?|left to do|not done yet):`,
  ),
  cue('active_work', 0.75, String.raw`\b(?:TODO|WIP)\b`, ''),
  cue('active_work', 0.8, String.raw`\bstill (?:need|needs|have|has) to\b|\bremaining work\b`),
  cue(
    'active_work',
    0.75,
    String.raw`\b(?:i'm|i am|we're|we are) (?:currently |now |still )?(?:doing|fixing|adding|writing|building|migrating|rolling out|refactoring|rewriting|implementing|porting|updating|testing|investigating|debugging|reworking|moving)\b`,
  ),

  cue(
    'summary',
    0.85,
    String.raw`\b(?:in summary|to summari[sz]e|to sum up|tl;dr|tldr|in short)\b|\bsummary:`,
  ),
  cue('summary', 0.45, String.raw`\boverall\b`),

  cue('activity', 0.8, String.raw`\bran (?:the |all )?(?:db |database )?migrations?\b`),
  cue('activity', 0.8, String.raw`\bopened (?:a |the )?(?:PR|pull request|MR|merge request)\b`),
  cue('activity', 0.75, `${NOT_DESCRIPTIVE}\\b(?:merged|deployed|shipped|rolled (?:back|out)|reverted)\\b`),
  cue('activity', 0.7, `${NOT_DESCRIPTIVE}\\b(?:released|fixed|landed|hotfixed|backfilled)\\b(?!-)`),
  cue('activity', 0.6, `${NOT_DESCRIPTIVE}\\b(?:upgraded|bumped|published)\\b`),

  // A plain fact only counts when it also names something concrete (see IDENTIFIER_BONUS).
  cue(
    'note',
    0.45,
    String.raw`\b(?:lives|live|is|are) (?:located |defined |configured |stored |generated |implemented )?in\b`,
  ),
  cue(
    'note',
    0.45,
    String.raw`\b(?:is responsible for|is the source of truth|by convention|for reference|fyi|remember)\b`,
  ),
  cue(
    'note',
    0.4,
    String.raw`\b(?:handles|owns|wraps|exposes|reads from|writes to|points to|depends on|is called (?:from|by))\b`,
  ),
  cue('note', 0.35, String.raw`\b(?:uses|relies on)\b`),
];
