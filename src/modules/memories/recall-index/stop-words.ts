/**
 * English stop words: recall neither indexes nor asks for them (a query of only these matches
 * nothing). The common Snowball list, the one PostgreSQL's `english` configuration also uses.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she ' +
    'her hers herself it its itself they them their theirs themselves what which who whom this that ' +
    'these those am is are was were be been being have has had having do does did doing a an the and ' +
    'but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here ' +
    'there when where why how all any both each few more most other some such no nor not only own same ' +
    'so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * Words a question carries that ask for nothing (greetings, "remind me", "I was wondering",
 * hedges): a query leaves them out, so a question need not match them and its words that matter
 * fit within the terms a query keeps. Memories are indexed with them all the same.
 */
export const QUESTION_FILLER: ReadonlySet<string> = new Set(
  (
    'hey hi hello please thanks thank remind reminder remember remembered wondering wonder wondered ' +
    'know knows knew tell told think thought recall asked ask asking exactly actually basically ' +
    'really maybe perhaps anyone someone somebody something anything everything thing things stuff ' +
    'like need needed want wanted looking look get gets got give let mean guess seem seems ' +
    'currently still again ago way idea quick sure okay yeah could would might going also even ever ' +
    'already right well whether able supposed happen happens happened'
  ).split(' '),
);
