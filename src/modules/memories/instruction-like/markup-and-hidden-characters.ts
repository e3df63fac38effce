/** tool_call_lookalike (chat-role and tool-call markup) and hidden_unicode (characters that draw nothing where no script needs them). */
import { words } from './views.ts';
import type { Views } from './views.ts';

/** Chat-role and tool-call tags of the model families ("<function_calls>", "</system>"). */
const ROLE_OR_TOOL_TAG =
  /<\s?\/?\s?(?:tool_use|tool_call|tool_calls|tool_result|tool_response|function_calls|function_call|function_results|function_result|antml:[a-z_]{1,30}|system|system[-_ ]?(?:prompt|message|reminder|instructions?)|assistant|human)\s?>|<invoke\s+name\s?=/;
/** Special tokens of chat templates: "<|im_start|>", "<|eot_id|>", "<<SYS>>". */
const SPECIAL_TOKEN = /<\|[a-z_]{2,30}\|>|<<\/?sys>>/;
/** A human's turn of a transcript at a line start: "Human: …", "\n\nUser: …" after an assistant. */
const HUMAN_TURN = /(?:^|\n)[ >*#]{0,6}human[ *]{0,3}:/;
const ASSISTANT_TURN = /(?:^|\n)[ >*#]{0,6}assistant[ *]{0,3}:/;
const USER_TURN = /(?:^|\n)[ >*#]{0,6}user[ *]{0,3}:/;
/**
 * An assistant's turn speaks, agreeing or in the first person ("Assistant: Sure, disabling 2FA");
 * "Assistant: a role in our RBAC model" is a glossary.
 */
const ASSISTANT_REPLY =
  /(?:^|\n)[ >*#]{0,6}assistant[ *]{0,3}:\s?(?:sure|ok|okay|understood|certainly|of course|yes|done|absolutely|got it|i\b|i'm|i'll|i've)/;
/** A "System:" turn that gives orders, at a sentence start ("System: Ubuntu 22.04" is a fact). */
const SYSTEM_TURN =
  /(?:^|\n|[.!?] )[ >*#]{0,6}system(?: message| prompt| note| notice| instructions?| alert)?[ *]{0,3}:\s?(?:you|new|override|ignore|important|priority|from now|(?:the )?(?:assistants?|ai|models?|agents?|users?)\b)/;
/** An instruction-tuning template: "### Instruction:" … "### Response:". */
const INSTRUCTION_TEMPLATE = /(?:^|\n)#{2,3}\s?instruction\s?:[^]{0,2000}?\n#{2,3}\s?response\s?:/;
/** A JSON tool call: a tool or function named together with its arguments. */
const JSON_TOOL_CALL = [
  /"(?:tool_calls|function_call|tool_call_id)"\s?:/,
  /\{\s?"tool"\s?:\s?"[^"\n]{1,60}"\s?,\s?"(?:args|arguments|input|params|parameters|command|cmd)"\s?:/,
  /"name"\s?:\s?"[^"\n]{1,60}"\s?,\s?"(?:arguments|input)"\s?:\s?[{"]/,
];
const FUNCTION_TYPE = /"type"\s?:\s?"(?:function|tool_use|tool_call)"/;
const ARGUMENTS_KEY = /"arguments"\s?:/;
/** One tag or token quoted as inline code: a design note about markup, not markup. */
const QUOTED_TOKEN = /`\s?(?:<\|?\/?[\w:-]{1,30}\|?>|\[\/?inst\])\s?`/g;

export function imitatesToolCalls(v: Views): boolean {
  const text = v.visible.replace(QUOTED_TOKEN, ' ');
  return (
    ROLE_OR_TOOL_TAG.test(text) ||
    SPECIAL_TOKEN.test(text) ||
    hasInstructionBrackets(text) ||
    fakesTranscriptTurns(text) ||
    SYSTEM_TURN.test(text) ||
    INSTRUCTION_TEMPLATE.test(text) ||
    JSON_TOOL_CALL.some((p) => p.test(text)) ||
    (FUNCTION_TYPE.test(text) && ARGUMENTS_KEY.test(text))
  );
}

function fakesTranscriptTurns(text: string): boolean {
  if (HUMAN_TURN.test(text)) return true;
  return ASSISTANT_TURN.test(text) && (USER_TURN.test(text) || ASSISTANT_REPLY.test(text));
}

/** Llama's "[INST] … [/INST]": a pair; one "[INST]" alone is how a note names the template. */
function hasInstructionBrackets(text: string): boolean {
  const open = text.indexOf('[inst]');
  return open >= 0 && text.indexOf('[/inst]', open) > open;
}

/** Zero-width characters, bidi embeddings, overrides and isolates, a BOM, tag characters. */
const HIDDEN = /[\u200b-\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/u;
/** The tags that spell a subdivision flag after 🏴 (🏴 g b s c t ␡ is Scotland's). */
const FLAG_TAGS = /(?<=\u{1f3f4})[\u{e0020}-\u{e007e}]{1,7}\u{e007f}/gu;
/** A ZWJ joining two emoji (👨‍👩‍👧). */
const EMOJI_JOINER =
  /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d(?=\p{Extended_Pictographic})/gu;
/** Scripts whose letters take a ZWJ or ZWNJ to choose a joined or separate form. */
const JOINING_SCRIPT = words(
  'Arabic, Syriac, Nko, Mongolian, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala',
)
  .map((script) => `\\p{Script=${script}}`)
  .join('');
const SCRIPT_JOINER = new RegExp(`(?<=[${JOINING_SCRIPT}])[\\u200c\\u200d](?=[${JOINING_SCRIPT}])`, 'gu');
/** Left-to-right and right-to-left marks belong in a text with right-to-left letters. */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
const DIRECTION_MARK = /[\u200e\u200f]/g;

export function hidesCharacters(v: Views): boolean {
  const unexplained = v.raw
    .replace(/^\ufeff/, '')
    .replace(FLAG_TAGS, '')
    .replace(EMOJI_JOINER, '')
    .replace(SCRIPT_JOINER, '')
    .replace(DIRECTION_MARK, (mark) => (RTL_LETTER.test(v.raw) ? '' : mark));
  return HIDDEN.test(unexplained);
}
