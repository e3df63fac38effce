import { createClaudeCodeHandler } from './claude-code-lines.ts';
import { createCodexHandler } from './codex-lines.ts';
import { classifyJsonlLine, type JsonlShape } from './detect-jsonl-shape.ts';
import { isRecord } from './json-values.ts';
import { MAX_LINE_BYTES, readLines } from './read-lines.ts';
import type { ParseEvent, ParseOptions, TranscriptLineHandler } from './types.ts';

const HANDLERS: Record<JsonlShape, (fallbackSessionId: string) => TranscriptLineHandler> = {
  claude_code: createClaudeCodeHandler,
  codex: createCodexHandler,
};

/**
 * `agent_jsonl`: one JSON object per line, either a Claude Code transcript or a Codex CLI rollout.
 * The shape is detected once per file from the first line that shows one; from then on a line of
 * the other shape is reported as skipped. Blank lines are ignored; a line that is not JSON, not an
 * object, of neither shape or over `maxLineBytes` is skipped with its 1-based number.
 */
export async function* parseAgentJsonl(
  filePath: string,
  options: ParseOptions,
  maxLineBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<ParseEvent> {
  let shape: JsonlShape | null = null;
  let handler: TranscriptLineHandler | null = null;

  for await (const read of readLines(filePath, maxLineBytes)) {
    const { line } = read;
    if (read.text === null) {
      yield {
        type: 'skipped',
        line,
        reason: `line of ${read.bytes} bytes is over the ${maxLineBytes}-byte cap`,
      };
      continue;
    }
    if (read.text.trim() === '') continue;

    let value: unknown;
    try {
      value = JSON.parse(read.text);
    } catch {
      yield { type: 'skipped', line, reason: 'not valid JSON' };
      continue;
    }
    if (!isRecord(value)) {
      yield { type: 'skipped', line, reason: 'not a JSON object' };
      continue;
    }

    const lineShape = classifyJsonlLine(value);
    if (handler === null) {
      if (lineShape === null) {
        yield { type: 'skipped', line, reason: 'neither a Claude Code nor a Codex transcript line' };
        continue;
      }
      shape = lineShape;
      handler = HANDLERS[lineShape](options.fallbackSessionId);
    } else if (lineShape !== null && lineShape !== shape) {
      yield { type: 'skipped', line, reason: `a ${lineShape} line in a ${shape} transcript` };
      continue;
    }
    yield* handler.handle(value, line);
  }
}
