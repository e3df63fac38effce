import { chatGptParts, type TimedPart } from './chatgpt-conversation.ts';
import { cleanTitle } from './clean-text.ts';
import { anthropicContentParts, partToMessage, toolOutput } from './content-blocks.ts';
import { normalizeRole } from './conversation-roles.ts';
import { asId, isRecord, parseDate, shownValue, type JsonRecord } from './json-values.ts';
import type { MessageEvent, ParseEvent } from './types.ts';

type PartOrBad = TimedPart | { bad: string };

/** Claude.ai export: `chat_messages` with `sender`, `content` blocks (else `text`), attachments. */
function claudeAiParts(conversation: JsonRecord): PartOrBad[] {
  const parts: PartOrBad[] = [];
  for (const message of conversation.chat_messages as unknown[]) {
    if (!isRecord(message)) {
      parts.push({ bad: 'chat message is not an object' });
      continue;
    }
    const role = normalizeRole(message.sender);
    if (!role) {
      parts.push({ bad: `chat message with unknown sender ${shownValue(message.sender)}` });
      continue;
    }
    const createdAt = parseDate(message.created_at);
    const hasBlocks = Array.isArray(message.content) && message.content.length > 0;
    const messageParts = anthropicContentParts(hasBlocks ? message.content : message.text, role);
    for (const attachment of Array.isArray(message.attachments) ? message.attachments : []) {
      if (!isRecord(attachment) || typeof attachment.extracted_content !== 'string') continue;
      const name = typeof attachment.file_name === 'string' ? attachment.file_name : 'file';
      const text = `[attachment ${name}]\n${toolOutput(attachment.extracted_content)}`;
      const last = messageParts[messageParts.length - 1];
      if (last?.role === role) last.text += `\n\n${text}`;
      else messageParts.push({ role, text });
    }
    for (const part of messageParts) parts.push({ ...part, createdAt });
  }
  return parts;
}

/** Text of a generic message's content: a string, or blocks/strings of which the text counts. */
function genericText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return isRecord(content) && typeof content.text === 'string' ? content.text : '';
  return content
    .map((block) =>
      typeof block === 'string' ? block : isRecord(block) && typeof block.text === 'string' ? block.text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

/** Generic export: `messages: [{role, content, timestamp?}]`. */
function genericParts(conversation: JsonRecord): PartOrBad[] {
  const parts: PartOrBad[] = [];
  for (const message of conversation.messages as unknown[]) {
    if (!isRecord(message)) {
      parts.push({ bad: 'message is not an object' });
      continue;
    }
    const author = isRecord(message.author) ? message.author.role : message.author;
    const role = normalizeRole(message.role ?? message.sender ?? author);
    if (!role) {
      parts.push({ bad: `message with unknown role ${shownValue(message.role)}` });
      continue;
    }
    const createdAt = parseDate(
      message.timestamp ?? message.created_at ?? message.createdAt ?? message.create_time,
    );
    parts.push({ role, text: genericText(message.content ?? message.text), createdAt });
  }
  return parts;
}

interface ConversationShape {
  id: unknown;
  title: unknown;
  startedAt: unknown;
  parts: (conversation: JsonRecord) => PartOrBad[];
}

function shapeOf(conversation: JsonRecord): ConversationShape | null {
  const c = conversation;
  if (Array.isArray(c.chat_messages)) {
    return { id: c.uuid ?? c.id, title: c.name ?? c.title, startedAt: c.created_at, parts: claudeAiParts };
  }
  if (isRecord(c.mapping)) {
    return { id: c.conversation_id ?? c.id, title: c.title, startedAt: c.create_time, parts: chatGptParts };
  }
  if (Array.isArray(c.messages)) {
    const startedAt = c.created_at ?? c.createdAt ?? c.create_time ?? c.timestamp;
    return {
      id: c.id ?? c.uuid ?? c.conversation_id,
      title: c.title ?? c.name,
      startedAt,
      parts: genericParts,
    };
  }
  return null;
}

/**
 * The events of one exported conversation (Claude.ai, ChatGPT or generic): a session, then its
 * messages. Without an id of its own a conversation takes `fallbackId`. An item of no known
 * shape, or a message of an unknown role, is reported as skipped; an empty conversation yields
 * nothing.
 */
export function conversationEvents(value: unknown, fallbackId: string, label: string): ParseEvent[] {
  if (!isRecord(value)) return [{ type: 'skipped', line: null, reason: `${label} is not an object` }];
  const shape = shapeOf(value);
  if (!shape) {
    return [{ type: 'skipped', line: null, reason: `${label} has no chat_messages, mapping or messages` }];
  }
  const skipped: ParseEvent[] = [];
  const messages: MessageEvent[] = [];
  for (const part of shape.parts(value)) {
    if ('bad' in part) {
      skipped.push({ type: 'skipped', line: null, reason: `${label}: ${part.bad}` });
      continue;
    }
    const message = partToMessage(part, part.createdAt);
    if (message) messages.push(message);
  }
  if (messages.length === 0) return skipped;
  const id = asId(shape.id);
  return [
    {
      type: 'session',
      sourceSessionId: id ?? fallbackId,
      title: cleanTitle(shape.title),
      startedAt: parseDate(shape.startedAt) ?? messages[0]?.createdAt ?? null,
    },
    ...messages,
    ...skipped,
  ];
}
