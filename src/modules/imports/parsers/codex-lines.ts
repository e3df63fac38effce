import { partToMessage } from './content-blocks.ts';
import { classifyJsonlLine } from './detect-jsonl-shape.ts';
import { codexItemPart } from './codex-items.ts';
import { asId, isRecord, parseDate, type JsonRecord } from './json-values.ts';
import { SessionTracker } from './session-tracker.ts';
import type { ParseEvent, TranscriptLineHandler } from './types.ts';

/**
 * Codex CLI rollouts (`~/.codex/sessions/.../rollout-*.jsonl`), both formats:
 *
 * - current: `{timestamp, type, payload}` lines; `session_meta` starts a session, `response_item`
 *   payloads are the conversation; `event_msg` and `turn_context` duplicate it and are ignored.
 * - older: a first line `{id, timestamp, instructions}`, then the items themselves, with
 *   `{record_type: "state"}` lines in between (ignored).
 *
 * Non-empty `instructions` of the session header become one `system` message. Items before any
 * header belong to the file's fallback session.
 */
export function createCodexHandler(fallbackSessionId: string): TranscriptLineHandler {
  const sessions = new SessionTracker();

  const startSession = (meta: JsonRecord, lineTimestamp: unknown): ParseEvent[] => {
    const id = asId(meta.id) ?? fallbackSessionId;
    const startedAt = parseDate(meta.timestamp) ?? parseDate(lineTimestamp);
    const events: ParseEvent[] = [];
    const session = sessions.enter(id, startedAt);
    if (session) events.push(session);
    if (typeof meta.instructions === 'string') {
      const message = partToMessage({ role: 'system', text: meta.instructions }, startedAt);
      if (message) events.push(message);
    }
    return events;
  };

  const handleItem = (item: JsonRecord, timestamp: unknown, lineNumber: number): ParseEvent[] => {
    const result = codexItemPart(item);
    if ('bad' in result) return [{ type: 'skipped', line: lineNumber, reason: result.bad }];
    if ('ignored' in result) return [];
    const message = partToMessage(result.part, parseDate(timestamp));
    if (!message) return [];
    const session = sessions.currentId === null ? sessions.enter(fallbackSessionId, message.createdAt) : null;
    return session ? [session, message] : [message];
  };

  return {
    handle(line, lineNumber) {
      if ('payload' in line && typeof line.type === 'string') {
        if (!isRecord(line.payload))
          return [{ type: 'skipped', line: lineNumber, reason: 'payload is not an object' }];
        if (line.type === 'session_meta') return startSession(line.payload, line.timestamp);
        if (line.type === 'response_item') return handleItem(line.payload, line.timestamp, lineNumber);
        return [];
      }
      if (line.record_type === 'state') return [];
      if (line.type === undefined && typeof line.id === 'string') return startSession(line, line.timestamp);
      if (classifyJsonlLine(line) === 'codex') return handleItem(line, line.timestamp, lineNumber);
      return [{ type: 'skipped', line: lineNumber, reason: 'not a Codex rollout line' }];
    },
  };
}
