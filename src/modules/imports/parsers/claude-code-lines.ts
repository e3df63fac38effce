import { anthropicContentParts, partToMessage } from './content-blocks.ts';
import { cleanTitle } from './clean-text.ts';
import { classifyJsonlLine } from './detect-jsonl-shape.ts';
import { asId, isRecord, parseDate, type JsonRecord } from './json-values.ts';
import { SessionTracker } from './session-tracker.ts';
import type { MessageEvent, ParseEvent, ParsedRole, TranscriptLineHandler } from './types.ts';

/** Summaries waiting for their leaf message; more than this many are not kept. */
const MAX_PENDING_SUMMARIES = 1000;

/**
 * Claude Code transcript lines (`~/.claude/projects/<project>/<session>.jsonl`).
 *
 * - `user` / `assistant` lines carry `message.content` (a string or blocks) and become messages;
 *   a tool result inside a `user` line becomes a `tool` message. `isMeta` lines are left out.
 * - Each line names its session (`sessionId`); the file's fallback id stands in when one does not.
 * - `summary` lines title the session of their `leafUuid`: the session whose latest message it is,
 *   or the session of the message with that uuid when it comes later. The first summary before any
 *   message titles the file's first session instead (its leaf usually lives in an earlier file).
 * - Bookkeeping lines (`system`, `file-history-snapshot`, `queue-operation`, ...) are ignored.
 */
export function createClaudeCodeHandler(fallbackSessionId: string): TranscriptLineHandler {
  const sessions = new SessionTracker();
  /** The title (and its leaf) of the first summary before any message, for the first session. */
  let firstSummary: { title: string; leaf: string | null } | null = null;
  /** uuid of each session's latest message -> that session (one entry per session). */
  const leafOwners = new Map<string, string>();
  const latestLeaf = new Map<string, string>();
  /** Summaries whose leaf message has not been seen yet: leaf uuid -> title. */
  const pendingSummaries = new Map<string, string>();

  const handleSummary = (line: JsonRecord): ParseEvent[] => {
    const title = cleanTitle(line.summary);
    if (!title) return [];
    const leaf = asId(line.leafUuid);
    const owner = leaf === null ? undefined : leafOwners.get(leaf);
    if (owner !== undefined) {
      const event = sessions.title(owner, title);
      return event ? [event] : [];
    }
    if (sessions.currentId === null) firstSummary ??= { title, leaf };
    if (leaf !== null && pendingSummaries.size < MAX_PENDING_SUMMARIES) pendingSummaries.set(leaf, title);
    return [];
  };

  const noteLeaf = (sessionId: string, uuid: string | null): ParseEvent[] => {
    if (uuid === null) return [];
    const previous = latestLeaf.get(sessionId);
    if (previous !== undefined) leafOwners.delete(previous);
    latestLeaf.set(sessionId, uuid);
    leafOwners.set(uuid, sessionId);
    const title = pendingSummaries.get(uuid);
    if (title === undefined) return [];
    pendingSummaries.delete(uuid);
    const event = sessions.title(sessionId, title);
    return event ? [event] : [];
  };

  const handleMessage = (line: JsonRecord, lineNumber: number): ParseEvent[] => {
    if (line.isMeta === true) return [];
    const message = line.message;
    if (!isRecord(message))
      return [{ type: 'skipped', line: lineNumber, reason: 'message line without a message' }];
    const role: ParsedRole = message.role === 'assistant' || line.type === 'assistant' ? 'assistant' : 'user';
    const createdAt = parseDate(line.timestamp);
    const messages = anthropicContentParts(message.content, role)
      .map((part) => partToMessage(part, createdAt))
      .filter((event): event is MessageEvent => event !== null);
    if (messages.length === 0) return [];
    const sessionId = asId(line.sessionId) ?? fallbackSessionId;
    const events: ParseEvent[] = [];
    const session = sessions.enter(sessionId, createdAt, firstSummary?.title ?? null);
    if (firstSummary?.leaf) pendingSummaries.delete(firstSummary.leaf); // a summary titles one session
    firstSummary = null;
    if (session) events.push(session);
    events.push(...noteLeaf(sessionId, asId(line.uuid)), ...messages);
    return events;
  };

  return {
    handle(line, lineNumber) {
      if (line.type === 'summary') return handleSummary(line);
      if (line.type === 'user' || line.type === 'assistant') return handleMessage(line, lineNumber);
      if (classifyJsonlLine(line) === 'claude_code') return [];
      return [{ type: 'skipped', line: lineNumber, reason: 'not a Claude Code transcript line' }];
    },
  };
}
