import type { JsonRecord } from './json-values.ts';

/** The agent transcript shapes that `agent_jsonl` reads. */
export type JsonlShape = 'claude_code' | 'codex';

/** Line types a Claude Code transcript writes (messages, titles and bookkeeping). */
const CLAUDE_CODE_TYPES = new Set([
  'user',
  'assistant',
  'summary',
  'system',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
]);

/** Top-level line types of a Codex CLI rollout (the `{timestamp, type, payload}` format). */
const CODEX_LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** Item types of the older Codex format, where each line is the item itself. */
const CODEX_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'reasoning',
  'web_search_call',
]);

/** Which shape one parsed line has, or null when it is of neither. */
export function classifyJsonlLine(line: JsonRecord): JsonlShape | null {
  const type = line.type;
  if (typeof type === 'string' && 'payload' in line) {
    return CODEX_LINE_TYPES.has(type) || typeof line.timestamp === 'string' ? 'codex' : null;
  }
  if (typeof type === 'string' && typeof line.sessionId === 'string') return 'claude_code';
  if (typeof type === 'string' && CLAUDE_CODE_TYPES.has(type)) {
    if ('message' in line || 'uuid' in line || type === 'summary' || type === 'file-history-snapshot') {
      return 'claude_code';
    }
  }
  if (line.record_type === 'state') return 'codex';
  if (type === undefined && typeof line.id === 'string' && typeof line.timestamp === 'string') return 'codex';
  if (typeof type === 'string' && CODEX_ITEM_TYPES.has(type)) return 'codex';
  return null;
}
