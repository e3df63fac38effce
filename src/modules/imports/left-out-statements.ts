/**
 * What extraction leaves out although it reads like a sentence: questions, requests and pleas to
 * the assistant, narration of the session ("Let me look at…", "Now, why the deploy step fails."),
 * lead-ins to a list or code, and sentences that only make sense beside the previous one ("That
 * also breaks it.", "This is why."). Pure and deterministic; every pattern is anchored or a bounded
 * run without nested quantifiers, and only the opening of the text is read.
 */

export type LeftOutReason =
  'question' | 'request' | 'narration' | 'lead-in' | 'context-dependent' | 'speculation';

const MAX_READ_CHARS = 2_000;

/** Acknowledgements and connectives in front of a statement carry no meaning. */
const FILLER =
  /^(?:ok|okay|so|also|and|but|alright|right|sure|great|yes|yep|yeah|actually|well|now(?! that\b)|then|finally|honestly|basically|anyway|hmm|hm|ah|oh|argh|ugh|exactly|correct|indeed|agreed|understood|noted|you're right|you are right|good point|fair point)\b[,:;!.—–-]?\s+/i;

/** The statement without up to three leading fillers ("Ok, so now …"). */
export function stripFiller(text: string): string {
  let rest = text;
  for (let i = 0; i < 3; i++) {
    const filler = FILLER.exec(rest);
    if (!filler) break;
    rest = rest.slice(filler[0].length);
  }
  return rest;
}

/** True when the statement asks rather than tells. */
export function isQuestion(text: string): boolean {
  let end = text.length - 1;
  while (end >= 0 && ` )"'”’*_\``.includes(text[end] ?? '')) end -= 1;
  return text[end] === '?';
}

const SUBJECT = String.raw`(?:i|we|you|it|that|this|these|those|they|there|he|she|the|a|an|any|our|your|its|their|my)`;
/** A question without its question mark: "is that also a problem", "what about refunds in JPY". */
const QUESTION_OPENING = new RegExp(
  String.raw`^(?:(?:is|are|was|were|do|does|did|can|could|would|will|should|shall|has|have|had|isn't|aren't|doesn't|didn't|can't|won't|shouldn't) ${SUBJECT}\b|(?:what|why|how|who|whom|whose|which|whether)\b|i wonder\b|any (?:idea|ideas|thoughts)\b)`,
  'i',
);
/** A statement ending in a tag that asks for confirmation: "the amount is in cents there, right". */
const QUESTION_TAG = /[ ,](?:right|correct|no|isn't it|aren't they|doesn't it|don't we|or not)$/i;

/** "always", "never", "every": a plea that states a standing rule is kept ("Please never …"). */
const STANDING_RULE = /\b(?:always|never|ever|every|each time|at all times)\b/i;
const REQUEST_OPENING =
  /^(?:please|pls|plz|kindly|(?:can|could|would|will) you|(?:can|could) we|would you mind|i (?:need|want|would like|'d like) you to|let me know|go ahead|feel free|make sure|help me|remind me)\b/i;
/** A task for the assistant: a verb in the imperative followed by what it acts on ("fix the test"). */
const TASK_OPENING =
  /^(?:open|show|give|tell|check|look|find|fix|write|add|run|rerun|re-run|update|try|send|paste|explain|file|create|do|investigate|figure|dig|review|summari[sz]e|search|grep|install|commit|push|merge|deploy|revert|rename|remove|delete|change|move|implement|refactor|rewrite|draft|list|describe|compare|measure|test|debug|ping) (?:it|this|that|these|those|them|me|us|the|a|an|my|our|your|some|all|any|each|both|up|out|on|in|into|at|for|through|over|again|ahead|away|back|down|off|with|to|what|why|how|whether|if)\b/i;
/** "Don't paste the whole file": a plea about the conversation, not a rule of the project. */
const CONVERSATION_PLEA =
  /^(?:do not|don't|dont) (?:paste|show|print|dump|repeat|quote|echo|explain|send|reply|answer|write me|output|include the whole|summari[sz]e|ask|(?:open|file|create|raise) (?:a|an) (?:ticket|issue|bug|jira))\b/i;

/**
 * Work promised for a time: "I'll re-run their import after tomorrow's deploy", "I'll pick it up
 * next week", "I'll switch the job off until the split is done". Kept as active work, not narration.
 */
export const PROMISE =
  /\b(?:i'll|i will|we'll|we will|i'm going to|we're going to)\b[^.;\n]{0,120}?\b(?:tomorrow|tonight|next (?:week|sprint|month|release|monday|tuesday|wednesday|thursday|friday)|this (?:week|afternoon|evening)|on (?:monday|tuesday|wednesday|thursday|friday)|after (?:tomorrow's|today's|tonight's|this week's|next week's|friday's|monday's) (?:deploy|release|freeze|migration|cut-?over|rollout)|until (?:the|it|this|that)\b[^.;\n]{0,60}\b(?:is |are |has |have )?(?:done|over|finished|landed|merged|complete))\b/i;

/** The assistant saying what it is about to do, or leading in to what follows. */
const NARRATION_OPENING =
  /^(?:let me|let's (?!go with|stick with|switch to|standardi[sz]e on|use|keep|not|never|always|avoid|move to|adopt)|now let me|first,? let me|(?:i'll|i will|i'm going to|i am going to|i'm gonna) (?!use|go with|stick with|switch|keep|adopt|standardi[sz]e)|i'd (?:suggest|recommend|go with|start|do|rather|avoid|also|still)|i need to (?:check|look|see|run|find|verify|confirm|read)|here's|here is|here are|below is|below are|the following|time to|moving on|on to|next up|reproduced|confirmed|verified|done|found it)\b/i;
/** A recommendation after its reason: "Since product wants it without deploys, I'd go with option 2." */
const RECOMMENDATION =
  /[,;] (?:i'd|i would) (?:suggest|recommend|go with|pick|choose|lean towards?|rather)\b/i;
/** "Since the zone no longer matters, let me run the file under a few TZ values." */
const NARRATION_AFTER_REASON =
  /[,;] (?:let me|let's|i'll|i will) (?:run|check|look|try|see|verify|test|read|open)\b/i;
/** "My guess is that the failures cluster around midnight." */
const GUESS_OPENING =
  /^(?:my (?:guess|hunch|bet|theory) is|i (?:guess|suspect|bet)|presumably|probably|maybe|perhaps)\b/i;
/** An offer to the user: "I can re-run the deploy if you want." */
const OFFER = /\bif you (?:want|like|prefer|wish)\b|\bshall i\b|\bwant me to\b/i;
/** "Next, the guard in the workflow.", "Now on to the callers." */
const SEQUENCE_OPENING =
  /^(?:next|now|then|first|after that|moving on)[,:]? (?:the|a|an|to|on to|onto|about|for|back to)\b/i;
/** "Looking at the tax package first.", "Running the webhook tests." */
/** "Now the leak on errors: the new code …": a sequence word before a short heading and a colon. */
const SEQUENCE_HEADING = /^[^:]{1,80}:/;
const GERUND_OPENING =
  /^(?:looking|checking|running|reading|searching|moving|updating|starting|trying|investigating|digging|opening|writing|adding|fixing|testing|installing|rerunning|re-running|measuring|verifying|switching)\b/i;
const FINITE_VERB =
  /\b(?:is|are|was|were|be|been|must|should|will|would|can|cannot|can't|may|might|needs|takes|makes|causes|breaks|fails|blocks|keeps|leaves|gives)\b/i;
const SHORT_WORDS = 8;

/** A consequence of what was said before: "Then the column pays off twice.", "Hence the retries." */
const CONSEQUENCE_OPENING =
  /^(?:then|thus|hence|therefore|consequently|in that case|that way|which means)\b/i;
/** A hedged guess at what happened: "The retry might have created the second invoice." */
const HEDGED_GUESS = /\b(?:might|may|could)(?: not|n't)?(?: have|'ve) (?:been|[a-z]{2,20}ed)\b/i;
/**
 * A conclusion drawn from the sentences before it: "So the flag must have been false then." A cause
 * stated on its own ("The duplicates must have come from retries.") is kept: it is typed a problem.
 */
const DRAWN_CONCLUSION = /^so,? [^.;]{0,200}\bmust(?:'ve| have)\b/i;
/** A pronoun or "the other one" at the start leans on what was said before. */
const ANAPHORIC_OPENING =
  /^(?:it|it's|its|they|they're|they've|them|he|she|this|that|these|those|that's|here|there's (?:the|that|this)|same|such|both|which|whose|the (?:former|latter|other one|first one|second one|same)|(?:the )?(?:first|second|third) (?:one|option|approach)|option (?:\d|[a-c]))\b/i;
/** "This quarter we aim …": a demonstrative before a span of time points at no earlier sentence. */
const DEICTIC_TIME =
  /^(?:this|that|these|those) (?:quarter|week|weeks|month|months|year|sprint|release|morning|afternoon|evening|weekend|time)\b/i;
/** "It is worth noting …", "It turns out …": an "it" that stands for nothing earlier. */
const DUMMY_IT =
  /^(?:it's|it is|it was) (?:worth|important|essential|crucial|necessary|safe|unsafe|fine|okay|ok|best|better|easier|harder|possible|impossible|required|mandatory|forbidden|not (?:safe|possible|allowed|enough|worth)|a (?:good|bad) idea|always|never|too)\b|^it turns out\b/i;
const POINTS_ELSEWHERE =
  /\b(?:as|than|like) (?:option|approach) (?:\d|[a-c]|one|two|three)\b|\b(?:see|seen|shown|mentioned|described|discussed|listed|quoted|pasted|explained) (?:above|below|earlier)\b|\bas (?:i said|mentioned|discussed|noted|shown)\b|\b(?:the|this|that|these|those) [\w -]{1,40} (?:above|below)(?=[.,;:!)]|$)/i;

/** Why a statement is left out of extraction, or null when it stands on its own. */
export function whyLeftOut(statement: string): LeftOutReason | null {
  const text = statement.slice(0, MAX_READ_CHARS).trim();
  if (isQuestion(text)) return 'question';
  const rest = stripFiller(text);
  if ((REQUEST_OPENING.test(rest) || TASK_OPENING.test(rest)) && !STANDING_RULE.test(rest)) return 'request';
  if (CONVERSATION_PLEA.test(rest)) return 'request';
  if (QUESTION_OPENING.test(rest)) return 'question';
  if (!/[.!…]$/.test(rest) && QUESTION_TAG.test(rest)) return 'question';
  if (
    (NARRATION_OPENING.test(rest) && !PROMISE.test(rest)) ||
    OFFER.test(rest) ||
    RECOMMENDATION.test(rest) ||
    NARRATION_AFTER_REASON.test(rest)
  )
    return 'narration';
  const words = rest.split(' ', SHORT_WORDS + 1).length;
  if (CONSEQUENCE_OPENING.test(text)) return 'context-dependent';
  const sequence = SEQUENCE_OPENING.test(text) || SEQUENCE_OPENING.test(rest);
  if (sequence && (words <= SHORT_WORDS || isShortHeading(rest))) return 'narration';
  if (GERUND_OPENING.test(rest) && words <= SHORT_WORDS && !FINITE_VERB.test(rest)) return 'narration';
  if (/:["'”’)*_`\s]*$/.test(rest)) return 'lead-in';
  if (HEDGED_GUESS.test(rest) || GUESS_OPENING.test(rest) || DRAWN_CONCLUSION.test(text))
    return 'speculation';
  if (ANAPHORIC_OPENING.test(rest) && !DEICTIC_TIME.test(rest) && !DUMMY_IT.test(rest))
    return 'context-dependent';
  if (POINTS_ELSEWHERE.test(rest)) return 'context-dependent';
  return null;
}

/** Whether the text opens with a heading of at most SHORT_WORDS words ended by a colon. */
function isShortHeading(text: string): boolean {
  const heading = SEQUENCE_HEADING.exec(text);
  return heading !== null && heading[0].split(' ', SHORT_WORDS + 1).length <= SHORT_WORDS;
}
