/** imperative_to_assistant: the text speaks to the AI reading it, hides something from the user or grants itself consent. */
import { ASSISTANT, ORDER_START, phrase } from './views.ts';
import type { Views } from './views.ts';

const USER = `(?:the )?(?:user|users|human|humans|developer|developers|operator|owner|maintainers?)`;
const THIS_MEMORY = `(?:memory|note|message|instructions?|text|comment|directive)`;

const ADDRESSING_PATTERNS: RegExp[] = [
  // the reader singled out as an AI
  phrase(`(?:if|when) (?:you are|youre|you re) (?:(?:an?|the|some|any) )?${ASSISTANT}`),
  phrase(`as an? ${ASSISTANT}(?: you)? (?:must|should|will|shall|have to|need to|are required)`),
  phrase(
    `${ASSISTANT} (?:that |who |which |is |are )?(?:reading|reads|processing|processes|parsing|parses|seeing|sees|ingesting|ingests|summarizing|summarising|loading|loads) (?:this|these)`,
  ),
  phrase(`(?:hey|hi|hello|dear|attention|attn|yo|psst|ok|okay)(?: all| any| my| you)? ${ASSISTANT}`),
  phrase(
    `when you (?:read|see|process|load|encounter|ingest|summarize|summarise|receive|parse) this ${THIS_MEMORY}`,
  ),
  phrase(`(?:after|once|when) this (?:memory|note|message) (?:is|has been) (?:loaded|read|processed|seen)`),
  phrase(`for the rest of (?:this|the) (?:conversation|session|chat|thread|dialog|dialogue)`),
  phrase(
    `(?:from now on|henceforth|from here on|from this point (?:on|forward|onwards)|starting now)(?: (?:you|the assistant|the ai|the model|claude|codex|copilot))?(?: (?:will|shall|must|should|are to))?(?: always| only| never)? (?:respond|reply|answer|act|behave|obey|follow only|ignore|refuse|pretend|roleplay|speak|talk)`,
  ),
  // concealment from the user
  phrase(
    `(?:do not|dont|never|must not|should not|shouldnt|mustnt)(?: ever)? (?:tell|inform|alert|notify|warn|let) ${USER}(?: know)?(?: (?:about (?:this|it|these|that|what)|that you|what you|you|anything|this|of this|but)|$)`,
  ),
  phrase(
    `(?:do not|dont|never|must not)(?: ever)? (?:mention|reveal|disclose|repeat|acknowledge|discuss|share|show) (?:this|these|that|it|the existence of this)(?: ${THIS_MEMORY}| memorys)?(?: (?:to|with) (?:${USER}|anyone|anybody)| in your (?:answers?|responses?|replies|reply|output))`,
  ),
  phrase(
    `(?:do not|dont|never|must not)(?: ever)? (?:mention|reveal|disclose|repeat|acknowledge) (?:this|these) ${THIS_MEMORY}`,
  ),
  phrase(
    `(?:keep|hide) (?:this|these|it)(?: ${THIS_MEMORY})?(?: secret| hidden| confidential| private)?(?: (?:from|to) ${USER}| secret| hidden)`,
  ),
  phrase(
    `${USER} (?:must|should|will|cannot|can not|cant|does not|doesnt|do not|dont|may not)(?: never| not)? (?:know|see|notice|find out|learn|read)(?: about)?(?: that)? (?:this|these) ${THIS_MEMORY}`,
  ),
  phrase(
    `${ASSISTANT} (?:should|must|will|shall|needs to|is to)(?: always)? (?:hide|conceal|suppress|not (?:tell|show|mention|reveal|report))`,
  ),
  phrase(
    `${USER} (?:does not|doesnt|must not|mustnt|should not|shouldnt|will not|wont|never|must never|will never) (?:find out|notice|learn|realize|realise|discover)`,
  ),
  phrase(`(?:they|the user|nobody|no one)(?: will| would)? never (?:know|notice|find out)`),
  phrase(
    `(?:(?:no matter|regardless of) what|whatever) (?:it|they|${USER}|anyone|anybody|the message|the request) (?:says|asks|wants|tells you)`,
  ),
  phrase(
    `(?:(?:tell|assure|convince) ${USER}|claim|pretend) (?:that )?[\\p{L}\\p{N} ]{0,80} (?:even if|even though|regardless|no matter)`,
  ),
  phrase(
    `(?:secretly|covertly|stealthily|discreetly|(?<!(?:will|would|may|might|could|can|cannot|does|it|to) )(?:silently|quietly))(?: and)? (?:run|execute|add|insert|install|replace|change|modify|delete|remove|send|upload|post|forward|copy|push|commit|apply|disable|drop|inject|append|write|create|download|include|rewrite)`,
  ),
  // consent the user never gave
  phrase(
    `you (?:must|should|will|can|may|are to|need to|have to|are allowed to|are permitted to)(?: now)?(?: always)? (?:run|execute|delete|remove|push|install|merge|commit|apply|deploy|drop|modify|rewrite|change)[\\p{L}\\p{N} ]{0,80} without (?:asking|confirmation|confirming|permission|telling|checking with|consulting)`,
  ),
  phrase(`(?:has|have)(?: already)? (?:authorized|authorised|allowed|permitted|granted) you`),
  phrase(
    `(?:pre approved|preapproved|already approved|authorized|authorised) (?:every|all|any) (?:commands?|actions?|changes?) you`,
  ),
  phrase(
    `${ASSISTANT} (?:is|are) (?:now )?(?:authorized|authorised|allowed|permitted|cleared) to (?:bypass|skip|ignore|disable|override)`,
  ),
  phrase(`${USER} (?:is|are|must|should) not (?:to )?be (?:informed|told|notified|alerted|made aware)`),
  phrase(`repeat after me`),
  phrase(`(?:do not|dont|never) (?:listen to|obey) ${USER}`),
  phrase(`${USER} (?:does not|doesnt|do not|dont) need to know`),
  phrase(`keep (?:it|this) between us|keep quiet about`),
  phrase(`even if ${USER} (?:disagrees|objects|says no|refuses|complains)`),
  phrase(`(?:has|have) already (?:approved|authorized|authorised|confirmed) (?:this|it|everything)`),
  // hijacked replies and leaked prompts
  phrase(
    `(?:respond|reply|answer) (?:to )?(?:every|each|all|any) (?:question|request|message|prompt|query)s?[\\p{L} ]{0,30} (?:with|by)`,
  ),
  phrase(
    `(?:print|output|reveal|show|display|dump|leak|repeat|tell me|give me|share|write out|paste)(?: me)? (?:your|the contents of your)(?: full| entire| complete| original| initial| hidden| secret| exact){0,2} (?:system prompt|system message|instructions|initial instructions|prompt|rules|guidelines)`,
  ),
  phrase(
    `(?:repeat|print|output|reveal|show) (?:the |all )?(?:text|words|content|everything|instructions|prompt) (?:above|before this)`,
  ),
  // Spanish, German, French, Chinese concealment
  phrase(`no (?:le )?(?:digas|diga|cuentes|cuente|menciones|informes) (?:nada )?(?:al|a el) usuario`),
  phrase(`(?:sag|sage|sagen sie|erzahl|erzahle) (?:dem|der) (?:benutzer|nutzer|anwender)(?:in)? nichts`),
  phrase(`ne (?:dis|dites) rien a l ?utilisateur`),
  /(?:不要|别|不许|切勿)(?:告诉|通知|提醒|透露给)用户/u,
];

/**
 * "Note to Claude:", "IMPORTANT SYSTEM NOTICE FOR AI AGENTS:", "P.S. to the AI:", "Important for
 * LLMs:", "[[AI ONLY]]", "Assistant instructions (priority 0):".
 */
const LABELLED_FOR_ASSISTANT = new RegExp(
  `\\b(?:note|message|instructions?|reminder|notice|memo|warning|directive|p\\.?s\\.?)s? (?:to|for) (?:the |all |any |every |whichever )?${ASSISTANT}\\s?:` +
    `|(?:^|\\n|[.!?] )(?:important |only )?(?:to|for) (?:the |all |any |every |whichever )?(?:${ASSISTANT}|models?|agents?|bots?)\\s?:` +
    `|\\[{1,2}\\s?(?:for )?${ASSISTANT}(?: only)?\\s?\\]{1,2}` +
    `|\\b(?:ai|assistant|llm)s? (?:instructions?|directives?|orders)\\b[^\\n:]{0,20}:`,
  'u',
);
/** The assistant named at a sentence or clause start, then an order: "Claude, before answering, run". */
const VOCATIVE = new RegExp(
  `(?:^|[\\n.!?;>,]\\s?|<!--\\s?)(?:the )?${ASSISTANT}\\s?[:,—–-]\\s?(?:${ORDER_START})\\b`,
  'u',
);
/** "In every response, append … https://freetokens.io": an advert or a beacon in every reply. */
const EVERY_REPLY = phrase(
  `(?:in|at the end of|to the end of|at the start of|to) (?:every|each|all(?: of)?(?: your)?) (?:future |subsequent )?(?:responses?|replies|reply|answers?|messages?|output)`,
);
const ADDRESS_ON_THE_WEB =
  /https?:\/\/|\b[a-z0-9-]{1,63}\.(?:com|net|org|io|biz|info|xyz|site|app|dev|me|co)\b/;
/** Concealment that needs the reader to be told what to do: "Without telling the user, you …". */
const WITHOUT_TELLING = phrase(
  `without (?:telling|informing|notifying|alerting|asking|letting|warning) (?:the )?(?:user|human|developer|anyone|them)`,
);
const SECOND_PERSON = phrase(`you|your`);

export function addressesAssistant(v: Views): boolean {
  return (
    ADDRESSING_PATTERNS.some((p) => p.test(v.words)) ||
    LABELLED_FOR_ASSISTANT.test(v.visible) ||
    VOCATIVE.test(v.visible) ||
    (EVERY_REPLY.test(v.words) && ADDRESS_ON_THE_WEB.test(v.visible)) ||
    (WITHOUT_TELLING.test(v.words) && SECOND_PERSON.test(v.words))
  );
}
