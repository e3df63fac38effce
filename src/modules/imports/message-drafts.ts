import { contentHash } from '../memories/index.ts';
import { citedPaths, statementCites } from './cited-paths.ts';
import { extractCandidates, type Candidate } from './extract-candidates.ts';

/** A raw message as extract reads it: its role and the start of its text. */
export interface ExtractedMessage {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * A statement extract would stage: its type, its text, the hash staged memories dedupe on, and the
 * repository files it cites (cited-paths.ts).
 */
export interface Draft {
  type: Candidate['type'];
  content: string;
  hash: string;
  cites: string[];
}

/** The drafts of one message (none for most). Pure: run in a worker thread or in the server's. */
export function messageDrafts(message: ExtractedMessage): Draft[] {
  let inMessage: string[] | undefined;
  const messagePaths = () => (inMessage ??= citedPaths(message.text));
  return extractCandidates({ role: message.role, content: message.text }).map((c) => ({
    type: c.type,
    content: c.content,
    hash: contentHash(c.content),
    cites: statementCites(c.content, messagePaths),
  }));
}
