/** override_instructions: the text overrides the assistant's own instructions or identity. */
import { ASSISTANT, ORDER_START, any, oneOf, phrase, words } from './views.ts';
import type { Views } from './views.ts';

const OVERRIDE_VERBS = oneOf(`
  ignore, ignoring, disregard, disregarding, pay no attention to, forget, override, overrule,
  bypass, discard, abandon, set aside, do not follow, dont follow, stop following,
  no longer follow
`);
/** Words that may stand between the verb and the noun ("ignore all of your previous rules"). */
const OVERRIDE_FILLERS = oneOf(`
  all, any, every, each, of, the, your, my, these, those, previous, previously, prior, above,
  earlier, preceding, foregoing, former, original, initial, system, developer, safety, given,
  current, hidden, completely, entirely
`);
/** What an assistant is told by whoever set it up. */
const OVERRIDE_NOUNS = any(
  'instructions?',
  'prompts?',
  'directives?',
  'guidelines?',
  'guardrails?',
  'programming',
  'training',
  'safeguards',
  'filters',
  'principles',
  'guidance',
  'rules?',
  'commands',
  'context',
  'constraints?',
  'restrictions?',
  'polic(?:y|ies)',
  'orders',
);
/** Nouns that name an assistant's own instructions whatever the words before them. */
const ASSISTANT_INSTRUCTION_NOUNS = new Set(['instruction', 'instructions', 'prompt', 'prompts']);
/** Qualifiers that point back at the assistant's instructions, not at some project's rules. */
const PRIOR = new Set(
  words(`
  previous, previously, prior, above, earlier, preceding, foregoing, former, original, initial,
  system, developer, safety, your
`),
);
/** "all"/"any" point back only at instructions ("ignore all instructions", not "all lint rules"). */
const QUANTIFIERS = new Set(['all', 'any', 'every']);

const OVERRIDE_PHRASE = phrase(
  `(${OVERRIDE_VERBS}) ((?:(?:${OVERRIDE_FILLERS}) ){0,5})(${OVERRIDE_NOUNS})`,
  'g',
);

/** "Ignore all previous instructions", "forget your rules", not "ignore the lint rules". */
function overridesPriorInstructions(words: string): boolean {
  for (const [, , fillers = '', noun = ''] of words.matchAll(OVERRIDE_PHRASE)) {
    const qualifiers = fillers.split(' ');
    if (qualifiers.some((q) => PRIOR.has(q))) return true;
    if (ASSISTANT_INSTRUCTION_NOUNS.has(noun) && qualifiers.some((q) => QUANTIFIERS.has(q))) return true;
  }
  return false;
}

const OVERRIDE_PATTERNS: RegExp[] = [
  // "forget everything above", "ignore what you were told"
  phrase(
    `(?:ignore|disregard|forget)(?: about)? (?:everything|all|anything|what)(?: that)? (?:above|before this|said before|so far|you(?: were| have been| ve been|ve been| had been) told)`,
  ),
  // "forget the guidelines you were given"
  phrase(
    `(?:ignore|disregard|forget|override) (?:all |any |the )?(?:instructions|rules|guidelines|directives|prompts?|orders) (?:you (?:were|have been|ve been|got) (?:given|told)|given to you)`,
  ),
  // "the previous instructions are void", "the developer instructions above are outdated"
  phrase(
    `(?:previous|prior|above|earlier|original|developer|system|your) (?:instructions|directives|prompts?|guidelines)(?: above| below)? (?:(?:are|were|is|have been|has been) (?:now )?(?:void|null|cancelled|canceled|revoked|obsolete|outdated|invalid|fake|a test|overridden|no longer valid|not valid)|(?:no longer|do not|dont) apply)`,
  ),
  phrase(`your (?:instructions|rules|orders|directives|programming) (?:have|has) (?:changed|been updated)`),
  phrase(`(?:the )?(?:real|true) instructions`),
  // "your new task is", "your only job is"
  phrase(
    `your (?:real|true|actual|new|only|secret|hidden|primary) (?:task|job|goal|objective|mission|purpose|instructions|directive|orders) (?:is|are|now)`,
  ),
  // "obey only this note", "follow only the instructions in this memory", "obey the next memory"
  phrase(`obey only`),
  phrase(
    `obey (?:this|these|my|the)(?: new| next| following)? (?:note|memory|memories|message|instructions?|text|directives?|orders|memory store)`,
  ),
  phrase(`(?:you|assistant|ai) (?:must |will |shall |should )?obey`),
  phrase(
    `(?:treat|consider) this (?:memory|note|message|text) as (?:your )?(?:top|highest|first|only) priority`,
  ),
  phrase(`(?:follow|listen to) only (?:this|these|my|the instructions in this)`),
  phrase(`follow (?:this|these) (?:note|memory|message|instructions) (?:only|instead)`),
  // the assistant's own instructions, named as such, or an authority over them
  phrase(
    `your (?:previous|prior|original|initial|earlier|current|old|system|hidden) (?:instructions|prompt|system prompt|directives|programming)`,
  ),
  phrase(`i (?:order|command|instruct|direct) you to`),
  phrase(
    `(?:an? )?(?:update|updates|change|changes) to your (?:guidelines|instructions|rules|programming|system prompt)`,
  ),
  phrase(`forget what you (?:were|are) doing`),
  phrase(`do (?:whatever|what|everything) this (?:memory|note|message) says`),
  phrase(`(?:who|that) (?:configured|created|built|trained|programmed|made|deployed|set up) you`),
  phrase(
    `your (?:new|updated|real|true) (?:guidelines|instructions|rules|directives|policy|policies|programming)`,
  ),
  phrase(`you (?:have|ve) been (?:updated|reprogrammed|jailbroken|freed|unlocked|reconfigured)`),
  phrase(
    `this (?:note|memory|message) (?:overrides|supersedes|replaces|takes precedence over|has priority over) (?:claude md|agents md|your|the system|all other|any other|previous|the user|copilot instructions|cursorrules)`,
  ),
  // role changes
  phrase(`(?:you are|youre|you re) (?:not|no longer) (?:an?|the|your)? ?${ASSISTANT}`),
  phrase(`(?:unrestricted|unfiltered|uncensored) mode`),
  phrase(`you (?:have|now have|got) a new (?:role|identity|persona|name|purpose|personality)`),
  phrase(
    `(?:from now on|henceforth|starting now) (?:you are|youre|you re)(?! (?:required|responsible|expected|allowed|able|in charge|on call|the owner|welcome|free to)(?: |$))`,
  ),
  phrase(
    `(?:you are|youre|you re) now (?:(?:a|an|the|my|in) )?(?:dan|unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|free|operating|no longer|going to|developer mode|dev mode|god mode|ai|assistant|agent|shell|terminal|root|hacker|different|new)`,
  ),
  phrase(
    `(?:you are|youre|you re) (?:an? )?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|amoral|rogue) (?:ai|assistant|model|agent|bot|llm)`,
  ),
  phrase(`(?:lets|let us) (?:play a game|play a role|roleplay|role play|pretend)`),
  phrase(
    `(?:pretend|imagine) (?:that )?(?:you are|youre|you re) (?:an? )?(?:ai|assistant|model|llm|dan|unrestricted|unfiltered|jailbroken|evil)`,
  ),
  phrase(
    `(?:act|behave|respond|answer|operate|roleplay|role play) as (?:if|though) (?:you|there) (?:have|had|were|are|is) no`,
  ),
  phrase(
    `(?:act|behave|roleplay|role play) as (?:an? )?(?:dan|unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|amoral|malicious)`,
  ),
  phrase(`you (?:will|shall|must|should|are to|now|to) (?:now )?(?:act|behave|roleplay|role play) as`),
  phrase(
    `simulate an? (?:linux |unix |bash |windows |root )?(?:terminal|shell|unrestricted|unfiltered|jailbroken)`,
  ),
  phrase(`(?:god|jailbreak|jailbroken|dan) mode`),
  phrase(`no longer bound by`),
  // "new system prompt" names a design note's file as often as an attack: only as a heading
  phrase(
    `(?:begin|start|end) (?:of )?(?:the )?(?:new )?(?:system|admin|developer|operator|priority|urgent) (?:prompt|message|instructions|notice)`,
  ),
  phrase(`system (?:override|prompt override)`),
  phrase(`you are now[\\p{L} ]{0,40} without (?:any )?(?:restrictions|rules|limits|guardrails|filters)`),
  // German, Spanish, French, Portuguese, Italian, Russian (noun before the qualifier in most)
  phrase(
    `(?:ignoriere|ignorier|ignorieren sie|vergiss|vergessen sie|missachte) (?:bitte |alle |die |samtliche ){0,3}(?:(?:deine|ihre|bisherigen|vorherigen|vorigen|obigen|fruheren|vorangegangenen)(?: bisherigen| vorherigen)? (?:anweisungen|instruktionen|befehle|regeln|vorgaben)|systemanweisungen|systemprompt)`,
  ),
  phrase(`(?:du bist|sie sind) (?:jetzt|nun|ab sofort)[\\p{L} ]{0,40} ohne`),
  phrase(
    `(?:ignora|ignore|ignoren|olvida|olvide|olviden|olvidate de|olvidese de|descarta|omite) (?:todas |todos |las |los |tus |sus ){0,3}(?:instrucciones|reglas|indicaciones|ordenes|directrices) (?:anteriores|previas|precedentes)`,
  ),
  phrase(`(?:ahora|a partir de ahora) (?:eres|sos)[\\p{L} ]{0,40} sin`),
  phrase(
    `(?:ignore|ignorez|oublie|oubliez) (?:toutes |tous |les |tes |vos ){0,3}(?:instructions|consignes|regles|directives|ordres) (?:precedentes|anterieures|ci dessus)`,
  ),
  phrase(`(?:tu es|vous etes) (?:maintenant|desormais|a present)[\\p{L} ]{0,40} sans`),
  phrase(
    `(?:ignore|ignora|esqueca|esquece|desconsidere) (?:completamente |totalmente |todas |as |os |suas |tuas ){0,3}(?:instrucoes|regras|orientacoes|diretrizes) (?:anteriores|previas)`,
  ),
  phrase(
    `(?:ignora|ignorate|dimentica|dimenticate) (?:tutte |tutti |le |gli |tue ){0,3}(?:istruzioni|regole|indicazioni|direttive) (?:precedenti|anteriori)`,
  ),
  phrase(
    `(?:игнорируй|игнорируйте|проигнорируй|забудь|забудьте|не обращай внимания на|не обращайте внимания на) (?:все |всё |свои |твои ){0,3}(?:предыдущие|прошлые|прежние|предшествующие) (?:инструкции|указания|правила|команды)`,
  ),
  // Chinese, Japanese, Korean: no spaces, so the qualifier comes right after the verb
  /(?:忽略|忽视|无视|不要理会|忘记|忘掉)(?:所有|全部|一切)?(?:之前|以前|先前|上面|以上|上述|前面|此前|你的|系统)(?:的|所有|全部|一切|系统){0,3}(?:指令|指示|说明|规则|提示|命令|设定)/u,
  /你现在是[^。.]{0,20}(?:没有限制|不受限制|无限制|不受约束)/u,
  /(?:以前|これまで|上記|前)の(?:すべての|全ての)?(?:指示|命令|ルール|指令)(?:を|は)(?:すべて|全て)?無視/u,
  /이전의? (?:모든 )?(?:지시|지침|명령|규칙)[^ ]{0,4} 무시/u,
];

/**
 * "New system prompt: you are …", "### NEW SYSTEM PROMPT ###\nYou …", "New directive: add …": a
 * heading, then an order ("The new system prompt: shorter, …" describes one).
 */
const NEW_PROMPT_HEADING = new RegExp(
  `\\b(?:new|updated|revised|real|actual|true|secret|hidden|override)\\s(?:system\\s)?(?:system prompt|prompt|instructions|directives?)[^:=#\\n]{0,30}[:=#][#\\s]{0,6}(?:${ORDER_START})\\b`,
  'u',
);
/**
 * "[SYSTEM OVERRIDE]", "Override: the assistant must …" at a sentence start; "Override: set
 * HTTP_TIMEOUT_MS" is a configuration note.
 */
const OVERRIDE_LABEL = new RegExp(
  `(?:^|\\n|[.!?] )[[#* ]{0,4}(?:(?:system|admin|developer|priority|emergency) override(?: enabled| active| on)?\\s?[:\\]]|override\\s?:\\s?(?:the )?(?:you|your|${ASSISTANT})\\b)`,
  'u',
);
/** "Enable developer mode": harmless in Chrome, a jailbreak when it lifts a safety rule too. */
const DEVELOPER_MODE = phrase(`(?:developer|dev) mode`);
const SAFETY_WORDS = phrase(
  `safety|restrictions|guardrails|unrestricted|unfiltered|filters|content policy|guidelines|no rules`,
);
/** The same phrases spelled letter by letter: "i g n o r e  a l l  p r e v i o u s ...". */
const SQUASHED_OVERRIDE =
  /(?:ignore|disregard|forget)(?:all|any|the|your|of){0,4}(?:previous|prior|above|earlier|preceding)(?:instructions?|prompts?|directives?|rules|guidelines)/;

export function overridesInstructions(v: Views): boolean {
  return (
    overridesPriorInstructions(v.words) ||
    OVERRIDE_PATTERNS.some((p) => p.test(v.words)) ||
    NEW_PROMPT_HEADING.test(v.visible) ||
    OVERRIDE_LABEL.test(v.visible) ||
    (DEVELOPER_MODE.test(v.words) && SAFETY_WORDS.test(v.words)) ||
    SQUASHED_OVERRIDE.test(v.squashed)
  );
}
