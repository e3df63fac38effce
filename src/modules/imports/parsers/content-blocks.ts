import { cleanText } from './clean-text.ts';
import { clipText } from '../../../platform/clip-text.ts';
import { compactJson, isRecord } from './json-values.ts';
import type { MessageEvent, MessagePart, ParsedRole } from './types.ts';

/** A tool call becomes one short line; its input is clipped to keep the line short. */
const TOOL_CALL_MAX_CHARS = 500;
/** Tool output is kept, but a file dump or a test log is cut to this size. */
const TOOL_OUTPUT_MAX_CHARS = 20_000;

/** `[tool_use Bash] {"command":"npm test"}`, clipped. */
export function toolCallLine(kind: string, name: unknown, input: unknown): string {
  const label = typeof name === 'string' && name ? `${kind} ${name}` : kind;
  const args = compactJson(input);
  return clipText(args ? `[${label}] ${args}` : `[${label}]`, TOOL_CALL_MAX_CHARS);
}

export function toolOutput(text: string): string {
  return clipText(text, TOOL_OUTPUT_MAX_CHARS);
}

/** Text of a tool result's content: a string, or blocks of which only text counts. */
function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') texts.push(block);
    else if (isRecord(block) && typeof block.text === 'string') texts.push(block.text);
  }
  return texts.join('\n');
}

/** Appends a part, merging it into the previous one when the role is the same. */
function pushPart(parts: MessagePart[], role: ParsedRole, text: string): void {
  if (!text.trim()) return;
  const last = parts[parts.length - 1];
  if (last && last.role === role) last.text += `\n${text}`;
  else parts.push({ role, text });
}

/**
 * Anthropic-style message content (Claude Code lines, Claude.ai exports): a string, or blocks of
 * `text`, `tool_use`, `tool_result`, `thinking`, `image`... Text stays with the message's role,
 * a tool call becomes a short line of the assistant, a tool result becomes a `tool` message and
 * thinking, images and documents are left out. Consecutive parts of one role are merged.
 */
export function anthropicContentParts(content: unknown, role: ParsedRole): MessagePart[] {
  const parts: MessagePart[] = [];
  if (typeof content === 'string') {
    pushPart(parts, role, content);
    return parts;
  }
  if (!Array.isArray(content)) return parts;
  for (const block of content) {
    if (typeof block === 'string') {
      pushPart(parts, role, block);
      continue;
    }
    if (!isRecord(block) || typeof block.type !== 'string') continue;
    const type = block.type;
    if (type === 'text') {
      if (typeof block.text === 'string') pushPart(parts, role, block.text);
    } else if (type === 'tool_use' || type === 'server_tool_use') {
      pushPart(parts, 'assistant', toolCallLine('tool_use', block.name, block.input));
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
      const text = toolResultText(block.content);
      pushPart(parts, 'tool', toolOutput(block.is_error === true && text ? `[error] ${text}` : text));
    }
  }
  return parts;
}

const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)+/;

/**
 * A part as a message event, cleaned; leading blank lines and trailing whitespace are dropped (the
 * first line's indentation stays: it may be code). Null when nothing is left.
 */
export function partToMessage(part: MessagePart, createdAt: Date | null): MessageEvent | null {
  const content = cleanText(part.text).replace(LEADING_BLANK_LINES, '').trimEnd();
  return content.trim() ? { type: 'message', role: part.role, content, createdAt } : null;
}
