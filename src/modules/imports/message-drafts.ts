import { contentHash } from '../memories/index.ts';
import { extractCandidates, type Candidate } from './extract-candidates.ts';

/** A raw message as extract reads it: its role and the start of its text. */
export interface ExtractedMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** A statement extract would stage: its type, its text and the hash staged memories dedupe on. */
export interface Draft {
  type: Candidate['type'];
  content: string;
  hash: string;
}

/** The drafts of one message (none for most). Pure: run in a worker thread or in the server's. */
export function messageDrafts(message: ExtractedMessage): Draft[] {
  return extractCandidates({ role: message.role, content: message.text }).map((c) => ({
    type: c.type,
    content: c.content,
    hash: contentHash(c.content),
  }));
}
