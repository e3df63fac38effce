// Atlassian Document Format (ADF): the rich text of Jira Cloud's v3 descriptions and comments.

export interface AdfNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
}
export interface AdfDoc {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

const adfText = (text: string): AdfNode[] => (text ? [{ type: 'text', text }] : []);
const adfParagraph = (text: string): AdfNode => ({ type: 'paragraph', content: adfText(text) });
export const adfHeading = (level: number, text: string): AdfNode => ({
  type: 'heading',
  attrs: { level },
  content: adfText(text),
});
export const adfCodeBlock = (code: string, language?: string): AdfNode => ({
  type: 'codeBlock',
  ...(language ? { attrs: { language } } : {}),
  content: adfText(code),
});
export const adfBulletList = (...items: string[]): AdfNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [adfParagraph(item)] })),
});
/** A document; each string becomes a paragraph. */
export const adfDoc = (...blocks: Array<string | AdfNode>): AdfDoc => ({
  type: 'doc',
  version: 1,
  content: blocks.map((block) => (typeof block === 'string' ? adfParagraph(block) : block)),
});

/** The plain text of an ADF node: text nodes joined, blocks on their own lines. */
export function adfToText(node: AdfNode | null | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.text ?? '';
  const parts = (node.content ?? []).map(adfToText);
  return parts.join(node.type === 'paragraph' || node.type === 'heading' ? '' : '\n');
}
