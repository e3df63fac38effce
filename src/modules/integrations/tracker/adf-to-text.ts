/**
 * Atlassian Document Format (Jira REST v3 descriptions and comment bodies) to readable plain text.
 * Total over any input: what is not an ADF node is skipped, unknown nodes give their children's
 * text, and nesting deeper than MAX_DEPTH or more than MAX_NODES nodes are left out.
 */
import { tidyText } from '../provider/tidy-text.ts';

type Node = Record<string, unknown>;
/** How many nodes a call may still visit: bounds the work even on a shared-node graph. */
type Budget = { left: number };

const MAX_DEPTH = 100;
const MAX_NODES = 200_000;
const LIST_TYPES = new Set(['bulletList', 'orderedList', 'taskList', 'decisionList']);
const INLINE_TYPES = new Set(
  'text hardBreak mention emoji inlineCard status date mediaInline placeholder'.split(' '),
);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childrenOf(node: Node): Node[] {
  return Array.isArray(node.content) ? node.content.filter(isNode) : [];
}

/** A string (or finite number) attribute, '' otherwise. */
function attr(node: Node, name: string): string {
  const value = isNode(node.attrs) ? node.attrs[name] : undefined;
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function linkOf(node: Node): string {
  if (!Array.isArray(node.marks)) return '';
  const link = node.marks.find((mark) => isNode(mark) && mark.type === 'link');
  return isNode(link) ? attr(link, 'href').trim() : '';
}

function sameLink(text: string, href: string): boolean {
  const t = text.trim();
  return t === href || t === href.replace(/^mailto:/, '') || `${t}/` === href || t === `${href}/`;
}

/** `attrs.timestamp` (milliseconds since the epoch, as ADF stores it) as an ISO date. */
function isoDate(node: Node): string {
  const raw = attr(node, 'timestamp').trim();
  const date = new Date(raw === '' ? Number.NaN : Number(raw));
  return Number.isFinite(date.getTime()) ? (date.toISOString().split('T')[0] ?? '') : '';
}

function indentRest(text: string, indent: string): string {
  return text.replaceAll('\n', `\n${indent}`);
}

/** Inline content: consecutive text with one link mark shows its href once, after the run. */
function inline(nodes: Node[], depth: number, budget: Budget): string {
  let out = '';
  let run = '';
  let href = '';
  const flush = () => {
    out += href && !sameLink(run, href) ? `${run} (${href})` : run;
    run = '';
  };
  for (const node of nodes) {
    const link = node.type === 'text' ? linkOf(node) : '';
    if (link !== href) {
      flush();
      href = link;
    }
    run += render(node, depth + 1, budget);
  }
  flush();
  return out;
}

/** Blocks separated by `separator`; stray inline nodes between blocks join into one line. */
function blocks(nodes: Node[], depth: number, budget: Budget, separator = '\n\n'): string {
  const parts: string[] = [];
  let pending: Node[] = [];
  const flush = () => {
    if (pending.length > 0) parts.push(inline(pending, depth, budget));
    pending = [];
  };
  for (const node of nodes) {
    if (typeof node.type === 'string' && INLINE_TYPES.has(node.type)) pending.push(node);
    else {
      flush();
      parts.push(render(node, depth + 1, budget));
    }
  }
  flush();
  return parts.filter((part) => part.trim() !== '').join(separator);
}

function list(node: Node, depth: number, budget: Budget): string {
  const order = attr(node, 'order').trim();
  const start = order === '' ? Number.NaN : Number(order);
  let number = Number.isSafeInteger(start) && start >= 0 ? start : 1;
  const lines = childrenOf(node).map((item) => {
    if (typeof item.type === 'string' && LIST_TYPES.has(item.type)) {
      return `  ${indentRest(render(item, depth + 1, budget), '  ')}`;
    }
    let prefix = '- ';
    if (node.type === 'orderedList') prefix = `${number++}. `;
    else if (node.type === 'taskList') prefix = attr(item, 'state') === 'DONE' ? '- [x] ' : '- [ ] ';
    const body = blocks(childrenOf(item), depth + 1, budget, '\n');
    return `${prefix}${indentRest(body, ' '.repeat(prefix.length))}`.trimEnd();
  });
  return lines.join('\n');
}

function table(node: Node, depth: number, budget: Budget): string {
  return childrenOf(node)
    .map((row) =>
      childrenOf(row)
        .map((cell) =>
          blocks(childrenOf(cell), depth + 2, budget)
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .join(' '),
        )
        .join(' | '),
    )
    .filter((line) => line.replaceAll('|', '').trim() !== '')
    .join('\n');
}

function render(node: Node, depth: number, budget: Budget): string {
  if (depth > MAX_DEPTH || budget.left <= 0) return '';
  budget.left -= 1;
  const content = childrenOf(node);
  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' ? node.text : '';
    case 'hardBreak':
      return '\n';
    case 'paragraph':
    case 'heading':
      return inline(content, depth, budget);
    case 'mention': {
      const name = attr(node, 'text');
      return name.startsWith('@') ? name : `@${name || 'user'}`;
    }
    case 'emoji':
      return attr(node, 'text') || attr(node, 'shortName');
    case 'inlineCard':
    case 'blockCard':
    case 'embedCard':
      return attr(node, 'url');
    case 'status':
      return attr(node, 'text');
    case 'date':
      return isoDate(node);
    case 'media':
    case 'mediaInline': {
      const name = attr(node, 'alt');
      return name ? `[attachment: ${name}]` : '[attachment]';
    }
    case 'mediaSingle':
    case 'mediaGroup':
      return content.map((child) => render(child, depth + 1, budget)).join(' ');
    case 'placeholder':
      return '';
    case 'bulletList':
    case 'orderedList':
    case 'taskList':
    case 'decisionList':
      return list(node, depth, budget);
    case 'codeBlock': {
      const code = content.map((child) => (typeof child.text === 'string' ? child.text : '')).join('');
      return `\`\`\`${attr(node, 'language').replace(/\s/g, '')}\n${code}\n\`\`\``;
    }
    case 'blockquote':
      return blocks(content, depth, budget)
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'rule':
      return '---';
    case 'table':
      return table(node, depth, budget);
    case 'expand':
    case 'nestedExpand':
      return [attr(node, 'title').trim(), blocks(content, depth, budget)].filter(Boolean).join('\n');
    default:
      return blocks(content, depth, budget);
  }
}

/**
 * Renders an ADF document (or any ADF node) as plain text; a string is taken as already plain
 * text (Jira REST v2 bodies), anything else gives ''. Never throws.
 */
export function adfToText(doc: unknown): string {
  if (typeof doc === 'string') return tidyText(doc);
  if (!isNode(doc)) return '';
  return tidyText(render(doc, 0, { left: MAX_NODES }));
}
