// Storage format (Confluence's XHTML) as plain text, and search hits marked as Confluence marks them.

const HIGHLIGHT_START = '@@@hl@@@';
const HIGHLIGHT_END = '@@@endhl@@@';

/** Wraps each occurrence of the terms in Confluence's @@@hl@@@ ... @@@endhl@@@ markers. */
export function highlight(text: string, terms: string[]): string {
  if (terms.length === 0) return text;
  const pattern = new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  return text.replace(pattern, (hit) => `${HIGHLIGHT_START}${hit}${HIGHLIGHT_END}`);
}

/** Up to 240 characters of the page's text around the first hit, highlighted. */
export function excerpt(storage: string, terms: string[]): string {
  const text = storageToText(storage);
  const lower = text.toLowerCase();
  const hits = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const start = hits.length > 0 ? Math.max(0, Math.min(...hits) - 60) : 0;
  return highlight(text.slice(start, start + 240), terms);
}

/** The plain text of storage-format XHTML. */
export function storageToText(storage: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return storage
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
