import { conversationEvents } from './export-conversation-events.ts';
import { streamExportItems } from './stream-export-items.ts';
import type { ParseEvent, ParseOptions } from './types.ts';

/**
 * `agent_json_export`: a chat export holding one conversation, an array of them or
 * `{"conversations": [...]}`, in the Claude.ai, ChatGPT or generic `messages` shape. Streams one
 * conversation at a time. Conversations without an id take the fallback id (`<fallback>:<n>`
 * inside a list, 1-based, so two of them never merge).
 */
export async function* parseJsonExport(filePath: string, options: ParseOptions): AsyncGenerator<ParseEvent> {
  for await (const item of streamExportItems(filePath)) {
    if ('problem' in item) {
      yield { type: 'skipped', line: null, reason: item.problem };
      continue;
    }
    const position = item.index + 1;
    const fallbackId = item.whole ? options.fallbackSessionId : `${options.fallbackSessionId}:${position}`;
    const label = item.whole ? 'the conversation' : `conversation ${position}`;
    yield* conversationEvents(item.value, fallbackId, label);
  }
}
