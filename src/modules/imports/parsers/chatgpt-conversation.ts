import { normalizeRole } from './conversation-roles.ts';
import { isRecord, parseDate, shownValue, type JsonRecord } from './json-values.ts';
import type { MessagePart } from './types.ts';

export interface TimedPart extends MessagePart {
  createdAt: Date | null;
}

/**
 * The nodes of a ChatGPT `mapping` in conversation order: the branch the user last saw (from
 * `current_node` up to the root), else from the single root down along the last (newest) child,
 * else (no single root, no message on that path) every node by `create_time`. Cycles and
 * dangling links are tolerated.
 */
function orderMappingNodes(conversation: JsonRecord): JsonRecord[] {
  const mapping = isRecord(conversation.mapping) ? conversation.mapping : {};
  const node = (id: unknown): JsonRecord | null =>
    typeof id === 'string' && isRecord(mapping[id]) ? (mapping[id] as JsonRecord) : null;

  const current = conversation.current_node;
  if (node(current)) {
    const branch: JsonRecord[] = [];
    const seen = new Set<string>();
    for (let id: unknown = current; typeof id === 'string' && !seen.has(id);) {
      const found = node(id);
      if (!found) break;
      seen.add(id);
      branch.push(found);
      id = found.parent;
    }
    return branch.reverse();
  }

  const roots = Object.keys(mapping).filter((id) => !node(node(id)?.parent));
  const rootId = roots.length === 1 ? roots[0] : undefined;
  if (rootId !== undefined) {
    const path: JsonRecord[] = [];
    const seen = new Set<string>();
    for (let id: unknown = rootId; typeof id === 'string' && !seen.has(id);) {
      const found = node(id);
      if (!found) break;
      seen.add(id);
      path.push(found);
      const children = Array.isArray(found.children) ? found.children.filter((child) => node(child)) : [];
      id = children[children.length - 1];
    }
    if (path.some((entry) => isRecord(entry.message))) return path;
  }

  return Object.values(mapping)
    .filter(isRecord)
    .map((entry, position) => ({ entry, position, time: messageTime(entry) }))
    .sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity) || a.position - b.position)
    .map(({ entry }) => entry);
}

function messageTime(entry: JsonRecord): number | null {
  return isRecord(entry.message) ? (parseDate(entry.message.create_time)?.getTime() ?? null) : null;
}

/** The text of a ChatGPT message's `content`: string parts, or the `text` of code and tool output. */
function contentText(content: unknown): string {
  if (!isRecord(content)) return typeof content === 'string' ? content : '';
  if (Array.isArray(content.parts)) {
    return content.parts
      .map((part) =>
        typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : '',
      )
      .filter((text) => text !== '')
      .join('\n');
  }
  return typeof content.text === 'string' ? content.text : '';
}

/** The visible messages of a ChatGPT conversation, in order; unknown roles are reported. */
export function chatGptParts(conversation: JsonRecord): Array<TimedPart | { bad: string }> {
  const parts: Array<TimedPart | { bad: string }> = [];
  for (const entry of orderMappingNodes(conversation)) {
    const message = entry.message;
    if (!isRecord(message)) continue;
    if (isRecord(message.metadata) && message.metadata.is_visually_hidden_from_conversation === true)
      continue;
    const author = isRecord(message.author) ? message.author.role : undefined;
    const role = normalizeRole(author);
    const text = contentText(message.content);
    if (!text.trim()) continue;
    if (!role) {
      parts.push({ bad: `message with unknown role ${shownValue(author)}` });
      continue;
    }
    parts.push({ role, text, createdAt: parseDate(message.create_time) });
  }
  return parts;
}
