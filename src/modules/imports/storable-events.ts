import { clipText } from '../../platform/clip-text.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { parseTranscript } from './parsers/parse-transcript.ts';
import type { ParsedRole, ParseOptions, SessionEvent } from './parsers/types.ts';

/** A raw message longer than this is cut (and counted): transcripts can carry huge tool outputs. */
const MAX_RAW_MESSAGE_CHARS = 1_000_000;
/** The first problem quoted in a failed import's error (its audit entry and answer too). */
const PROBLEM_CHARS = 300;

/** A parser's event as parse stores it: a message cut to size and redacted, a problem quotable. */
export type StorableEvent =
  | SessionEvent
  | {
      type: 'message';
      role: ParsedRole;
      /** Cut to MAX_RAW_MESSAGE_CHARS (marked `[truncated]`), secrets redacted. */
      content: string;
      createdAt: Date | null;
      redactions: number;
      truncated: boolean;
    }
  /**
   * A bad line or unusable item. The first one's problem is described (secrets redacted, clipped):
   * a failed import quotes it; later ones are only counted.
   */
  | { type: 'skipped'; problem: string | null };

/** Where parse reads an upload from, and how. */
export interface ParseInput {
  path: string;
  source: string;
  options: ParseOptions;
}

/**
 * The upload's events, ready to store. The CPU-bound part of parse (reading JSON, cutting and
 * redacting every message), run in a worker thread for a large upload (import-threads.ts).
 */
export async function* storableEvents({ path, source, options }: ParseInput): AsyncGenerator<StorableEvent> {
  let described = false;
  for await (const e of parseTranscript(path, source, options)) {
    if (e.type === 'skipped') {
      const problem = e.line === null ? e.reason : `line ${e.line}: ${e.reason}`;
      yield {
        type: 'skipped',
        problem: described ? null : clipText(redactSecrets(problem).text, PROBLEM_CHARS),
      };
      described = true;
    } else if (e.type === 'session') {
      yield e;
    } else {
      const truncated = e.content.length > MAX_RAW_MESSAGE_CHARS;
      const content = truncated
        ? `${e.content.slice(0, MAX_RAW_MESSAGE_CHARS).toWellFormed()}\n[truncated]`
        : e.content;
      const redacted = redactSecrets(content);
      yield {
        type: 'message',
        role: e.role,
        content: redacted.text,
        createdAt: e.createdAt,
        redactions: redacted.redactions,
        truncated,
      };
    }
  }
}
