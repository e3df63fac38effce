/**
 * Does a memory's text read as instructions to the assistant it will be shown to (prompt injection)?
 *
 * Memories are data, but their text lands in an assistant's context, and ordinary engineering
 * memories are full of imperatives ("Always run migrations before deploying", "Never commit .env").
 * So the rules look for what sets an injection apart from a team rule, not for imperatives:
 * - override_instructions: it overrides the assistant's prior instructions or identity ("ignore all
 *   previous instructions", "you are now DAN", "new system prompt:", "act as if you have no rules");
 * - imperative_to_assistant: it speaks to the AI reading it ("if you are an AI", "Note to Claude:"),
 *   hides something from the user ("do not tell the user about this"), grants itself consent ("you
 *   can run it without asking"), or hijacks the replies ("print your system prompt");
 * - tool_call_lookalike: chat-role or tool-call markup (`<function_calls>`, `<|im_start|>`, a
 *   `Human:` turn at a line start, a JSON tool call with its arguments);
 * - hidden_unicode: invisible or direction-changing characters, except where a script or an emoji
 *   needs them (a ZWJ inside an emoji sequence, a ZWNJ in Persian, the tags of a flag);
 * - exfiltration: sending secrets (keys, tokens, .env, ~/.ssh) to a URL, an address or a host;
 * - shell_pipe: code downloaded and run at once (`curl … | sh`, `bash <(curl …)`, `base64 -d | sh`).
 *
 * The text is matched in three views, so that case, Unicode forms, spacing and punctuation do not
 * hide a phrase: `visible` (invisible characters removed, NFKC, lower case, Latin accents folded),
 * `words` (`visible` with every run of punctuation and spaces made one space) and `squashed` (letters
 * and digits only, for a few phrases spelled out letter by letter: "i g n o r e  a l l").
 *
 * Every pattern is linear: no quantifier inside a quantified group, and each gap is a bounded run
 * of one character class (`[^\n]{0,80}`), so an 8,000-character text is checked in a few ms.
 */
import { addressesAssistant } from './instruction-like/addresses-assistant.ts';
import { hidesCharacters, imitatesToolCalls } from './instruction-like/markup-and-hidden-characters.ts';
import { overridesInstructions } from './instruction-like/override-instructions.ts';
import { pipesDownloadToShell, sendsSecretsOut } from './instruction-like/secrets-and-shell.ts';
import { viewsOf, type Views } from './instruction-like/views.ts';

export type InstructionLikeReason =
  | 'override_instructions'
  | 'imperative_to_assistant'
  | 'tool_call_lookalike'
  | 'hidden_unicode'
  | 'exfiltration'
  | 'shell_pipe';

/** The reasons `text` reads as instructions to an assistant, in a fixed order; empty when none. */
export function instructionLike(text: string): InstructionLikeReason[] {
  const views = viewsOf(text);
  return RULES.filter(([, matches]) => matches(views)).map(([reason]) => reason);
}

const RULES: [InstructionLikeReason, (views: Views) => boolean][] = [
  ['override_instructions', overridesInstructions],
  ['imperative_to_assistant', addressesAssistant],
  ['tool_call_lookalike', imitatesToolCalls],
  ['hidden_unicode', hidesCharacters],
  ['exfiltration', sendsSecretsOut],
  ['shell_pipe', pipesDownloadToShell],
];
