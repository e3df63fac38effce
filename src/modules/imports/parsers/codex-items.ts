import { toolCallLine, toolOutput } from './content-blocks.ts';
import { isRecord, shownValue, type JsonRecord } from './json-values.ts';
import type { MessagePart, ParsedRole } from './types.ts';

/** What one Codex response item yields: a message part, nothing (ignored), or a reason it is bad. */
export type CodexItemResult = { part: MessagePart } | { ignored: true } | { bad: string };

const IGNORED: CodexItemResult = { ignored: true };

const MESSAGE_ROLES: Record<string, ParsedRole> = {
  user: 'user',
  assistant: 'assistant',
  system: 'system',
  developer: 'system',
};

/** User turns that only carry context Codex injects (environment, AGENTS.md) are system text. */
const CONTEXT_WRAPPERS = ['<environment_context>', '<user_instructions>', '# AGENTS.md instructions'];

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const block of content) {
    if (isRecord(block) && typeof block.text === 'string') texts.push(block.text);
  }
  return texts.join('\n');
}

/** A tool output: a plain string, a JSON string `{"output": ...}`, or an object with `content`. */
function outputText(output: unknown): string {
  if (typeof output === 'string') {
    if (output.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(output);
        if (isRecord(parsed) && typeof parsed.output === 'string') return parsed.output;
      } catch {
        // not JSON: the string is the output
      }
    }
    return output;
  }
  if (isRecord(output)) {
    if (typeof output.content === 'string') return output.content;
    if (typeof output.output === 'string') return output.output;
  }
  return messageText(output);
}

function shellCommand(action: unknown): unknown {
  if (!isRecord(action)) return action;
  return Array.isArray(action.command) ? action.command.join(' ') : action.command;
}

/**
 * One Codex response item (`response_item.payload` in rollouts, or a whole line in the older
 * format): messages keep their role (`developer` becomes `system`), tool calls become a short
 * assistant line, tool output a `tool` message; reasoning and unknown item types are ignored.
 */
export function codexItemPart(item: JsonRecord): CodexItemResult {
  switch (item.type) {
    case 'message': {
      const role = typeof item.role === 'string' ? MESSAGE_ROLES[item.role] : undefined;
      if (!role) return { bad: `message with unknown role ${shownValue(item.role)}` };
      const text = messageText(item.content);
      const head = text.trimStart();
      const isContext = role === 'user' && CONTEXT_WRAPPERS.some((wrapper) => head.startsWith(wrapper));
      return { part: { role: isContext ? 'system' : role, text } };
    }
    case 'function_call':
      return { part: { role: 'assistant', text: toolCallLine('function_call', item.name, item.arguments) } };
    case 'custom_tool_call':
      return { part: { role: 'assistant', text: toolCallLine('custom_tool_call', item.name, item.input) } };
    case 'local_shell_call':
      return {
        part: { role: 'assistant', text: toolCallLine('local_shell_call', null, shellCommand(item.action)) },
      };
    case 'function_call_output':
    case 'custom_tool_call_output':
      return { part: { role: 'tool', text: toolOutput(outputText(item.output)) } };
    default:
      return IGNORED;
  }
}
