/** What a transcript parser reports, in file order. */
export type ParsedRole = 'user' | 'assistant' | 'system' | 'tool';

export type ParseEvent =
  | { type: 'session'; sourceSessionId: string; title: string | null; startedAt: Date | null }
  | { type: 'message'; role: ParsedRole; content: string; createdAt: Date | null }
  /** A bad line or unusable item: counted and reported, never fatal. */
  | { type: 'skipped'; line: number | null; reason: string };

export type SessionEvent = Extract<ParseEvent, { type: 'session' }>;
export type MessageEvent = Extract<ParseEvent, { type: 'message' }>;

export interface ParseOptions {
  /** The session id used when the file carries none (e.g. the file's sha256). */
  fallbackSessionId: string;
}

/** One message-to-be before cleanup: a role and its raw text. */
export interface MessagePart {
  role: ParsedRole;
  text: string;
}

/** Turns the parsed lines of one transcript shape into events, keeping whatever state that needs. */
export interface TranscriptLineHandler {
  handle(line: Record<string, unknown>, lineNumber: number): ParseEvent[];
}
