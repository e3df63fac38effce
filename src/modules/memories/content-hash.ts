import { createHash } from 'node:crypto';

/** Case, Unicode form and whitespace do not make two memories different. */
function normalizeContent(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The dedupe key of a memory's content (sha256 hex of the normalized text). */
export function contentHash(content: string): string {
  return createHash('sha256').update(normalizeContent(content)).digest('hex');
}
