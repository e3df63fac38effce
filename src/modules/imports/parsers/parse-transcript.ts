import { basename } from 'node:path';
import { parseAgentJsonl } from './parse-agent-jsonl.ts';
import { parseJsonExport } from './parse-json-export.ts';
import { parseTextChunks } from './parse-text-chunks.ts';
import type { ParseEvent, ParseOptions } from './types.ts';

/**
 * Parses one file, streaming; messages belong to the last `session` event before them. A session
 * id may appear again later (e.g. interleaved); the consumer merges by id.
 *
 * `source` picks the parser: `agent_jsonl` (Claude Code or Codex CLI transcripts),
 * `agent_json_export` (Claude.ai, ChatGPT or generic chat exports), anything else generic text
 * (paragraph chunks of at most 2000 characters with ~200 of overlap, as `user` messages: notes
 * are written by people on the team).
 * `fallbackSessionId` (e.g. the file's sha256; by default the file's name) is the session id when
 * the file carries none. Bad content becomes `skipped` events; only I/O errors throw.
 */
export function parseTranscript(
  filePath: string,
  source: string,
  options?: ParseOptions,
): AsyncGenerator<ParseEvent> {
  const resolved: ParseOptions = options ?? { fallbackSessionId: basename(filePath) };
  switch (source) {
    case 'agent_jsonl':
      return parseAgentJsonl(filePath, resolved);
    case 'agent_json_export':
      return parseJsonExport(filePath, resolved);
    default:
      return parseTextChunks(filePath, resolved);
  }
}
