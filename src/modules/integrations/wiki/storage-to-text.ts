/**
 * Confluence storage format (XHTML with `ac:` macros and `ri:` resource identifiers) to readable
 * plain text, through html-to-text. Its HTML parser drops CDATA and does not close `<x/>` for
 * unknown elements, so both are rewritten first; the rest is html-to-text configuration.
 */
import { compile, type DomNode, type FormatCallback, type SelectorDefinition } from 'html-to-text';
import { tidyText } from '../provider/tidy-text.ts';

/** Beyond this the input is cut before parsing (html-to-text would cut it too, with a warning). */
const MAX_INPUT_CHARS = 4_000_000;
/**
 * Deeper markup is only stripped of its tags: the HTML parser takes time quadratic in the nesting
 * depth (about 10 s for 100,000 levels), and real pages nest a few dozen levels at most.
 */
const MAX_NESTING = 500;
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** CDATA sections become escaped text (an unterminated one runs to the end). A loop, not a regex. */
function inlineCdata(xml: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = xml.indexOf('<![CDATA[', from);
    if (start < 0) return out + xml.slice(from);
    const end = xml.indexOf(']]>', start + 9);
    out += xml.slice(from, start) + escapeText(xml.slice(start + 9, end < 0 ? undefined : end));
    if (end < 0) return out;
    from = end + 3;
  }
}

/** `<ac:x a="1"/>` becomes `<ac:x a="1"></ac:x>`, so it cannot swallow the text after it. */
function closeEmptyElements(xml: string): string {
  return xml.replace(/<((?:ac|ri):[\w-]+|time)(\s[^<>]*)?\/>/g, '<$1$2></$1>');
}

/** The deepest element nesting, estimated in one pass over the tags (storage format is XHTML). */
function nestingDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = xml.indexOf('<'); at >= 0; at = xml.indexOf('<', at + 1)) {
    const end = xml.indexOf('>', at);
    if (end < 0) break;
    const name = /^<(\/?)([A-Za-z][\w:-]*)/.exec(xml.slice(at, Math.min(end, at + 64)));
    if (name?.[1]) depth = Math.max(0, depth - 1);
    else if (name && xml[end - 1] !== '/' && !VOID_ELEMENTS.has((name[2] ?? '').toLowerCase())) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    }
    at = end;
  }
  return deepest;
}

function descendants(elem: DomNode): DomNode[] {
  const found: DomNode[] = [];
  const stack = [...(elem.children ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as DomNode;
    found.push(node);
    for (let i = (node.children ?? []).length - 1; i >= 0; i -= 1) stack.push(node.children[i] as DomNode);
  }
  return found;
}

function textOf(elem: DomNode): string {
  return descendants(elem)
    .map((node) => (node.type === 'text' ? (node.data ?? '') : ''))
    .join('');
}

function attrib(elem: DomNode, name: string): string {
  const value: unknown = elem.attribs?.[name];
  return typeof value === 'string' ? value : '';
}

/** The attribute that names what an `ri:` resource identifier points to. */
const RESOURCE_NAMES = new Map([
  ['ri:page', 'ri:content-title'],
  ['ri:blog-post', 'ri:content-title'],
  ['ri:attachment', 'ri:filename'],
  ['ri:space', 'ri:space-key'],
  ['ri:url', 'ri:value'],
]);

function resourceLabel(resource: DomNode): string {
  if (resource.name === 'ri:user') return '@user';
  const name = RESOURCE_NAMES.get(resource.name ?? '');
  return name ? attrib(resource, name) : '';
}

/** `<ac:link>`: its body when it has one, else the title (or name) of what it points to. */
const confluenceLink: FormatCallback = (elem, walk, builder) => {
  const inner = descendants(elem);
  const body = inner.find((n) => n.name === 'ac:link-body' || n.name === 'ac:plain-text-link-body');
  if (body && textOf(body).trim()) return walk(body.children, builder);
  const resource = inner.find((n) => n.name?.startsWith('ri:') && resourceLabel(n));
  const label = resource ? resourceLabel(resource) : attrib(elem, 'ac:anchor');
  if (label) builder.addInline(label, { noWordTransform: true });
};

/** `<ac:emoticon>`: the emoji itself when given, else its short name. */
const emoticon: FormatCallback = (elem, walk, builder) => {
  const name = attrib(elem, 'ac:name');
  const label =
    attrib(elem, 'ac:emoji-fallback') || attrib(elem, 'ac:emoji-shortname') || (name && `:${name}:`);
  if (label) builder.addInline(label, { noWordTransform: true });
  walk(elem.children, builder);
};

/** `<ac:task>`: one line, `- [x] ` when its status is complete, `- [ ] ` otherwise. */
const task: FormatCallback = (elem, walk, builder) => {
  const status = elem.children?.find((n) => n.name === 'ac:task-status');
  const done = status !== undefined && textOf(status).trim() === 'complete';
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addInline(done ? '- [x]' : '- [ ]', { noWordTransform: true });
  builder.addInline(' ');
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** `<time datetime="…">`: the date it carries. */
const time: FormatCallback = (elem, walk, builder) => {
  const datetime = attrib(elem, 'datetime');
  if (datetime) builder.addInline(datetime, { noWordTransform: true });
  walk(elem.children, builder);
};

/** Code and other plain-text macro bodies, whitespace kept, fenced. */
const plainTextBody: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ isPre: true, leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 2, blockTransform: (code) => `\`\`\`\n${code}\n\`\`\`` });
};

/** Tables: one line per row, cells joined with ` | ` (html-to-text renders each cell). */
const table: FormatCallback = (elem, walk, builder) => {
  builder.openTable();
  const visit = (node: DomNode) => {
    if (node.name === 'thead' || node.name === 'tbody' || node.name === 'tfoot') node.children.forEach(visit);
    if (node.name !== 'tr') return;
    builder.openTableRow();
    for (const cell of node.children) {
      if (cell.name !== 'td' && cell.name !== 'th') continue;
      builder.openTableCell();
      walk(cell.children, builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  };
  elem.children.forEach(visit);
  builder.closeTable({
    leadingLineBreaks: 2,
    trailingLineBreaks: 2,
    tableToString: (rows) =>
      rows
        .map((row) => row.map((cell) => cell.text.split('\n').filter(Boolean).join(' ').trim()).join(' | '))
        .filter((line) => line.replaceAll('|', '').trim() !== '')
        .join('\n'),
  });
};

const macro = (name: string) => `ac\\:structured-macro[ac\\:name="${name}"]`;
const block = { leadingLineBreaks: 1, trailingLineBreaks: 1 };
const selectors: SelectorDefinition[] = [
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ selector: `h${level}`, options: { uppercase: false } })),
  {
    selector: 'a',
    options: {
      linkBrackets: ['(', ')'],
      hideLinkHrefIfSameAsText: true,
      pathRewrite: (href: string) => (/^https?:\/\//i.test(href.trim()) ? href.trim() : ''),
    },
  },
  { selector: 'img', format: 'inlineString', options: { string: '[image]' } },
  { selector: 'ac\\:image', format: 'inlineString', options: { string: '[image]' } },
  { selector: 'table', format: 'confluenceTable' },
  { selector: 'ul', options: { itemPrefix: '- ' } },
  { selector: 'hr', options: { length: 3 } },
  { selector: 'ac\\:link', format: 'confluenceLink' },
  { selector: 'ac\\:emoticon', format: 'emoticon' },
  { selector: 'ac\\:task-list', format: 'block', options: block },
  { selector: 'ac\\:task', format: 'task' },
  { selector: 'time', format: 'time' },
  { selector: 'ac\\:plain-text-body', format: 'plainTextBody' },
  { selector: 'ac\\:structured-macro', format: 'block', options: block },
  { selector: macro('status'), format: 'inline' },
  { selector: macro('jira'), format: 'inline' },
  { selector: macro('anchor'), format: 'inline' },
  { selector: 'ac\\:parameter', format: 'skip' },
  { selector: 'ac\\:parameter[ac\\:name="title"]', format: 'block', options: block },
  { selector: `${macro('status')} > ac\\:parameter[ac\\:name="title"]`, format: 'inline' },
  { selector: `${macro('jira')} > ac\\:parameter[ac\\:name="key"]`, format: 'inline' },
  ...['ac:rich-text-body', 'ac:layout', 'ac:layout-section', 'ac:layout-cell', 'ac:adf-node'].map((tag) => ({
    selector: tag.replace(':', '\\:'),
    format: 'block',
    options: block,
  })),
  ...['ac:task-id', 'ac:task-status', 'ac:placeholder', 'ac:adf-attribute', 'ac:adf-fallback'].map((tag) => ({
    selector: tag.replace(':', '\\:'),
    format: 'skip',
  })),
];

const convert = compile({
  wordwrap: false,
  limits: { maxDepth: MAX_NESTING, maxInputLength: MAX_INPUT_CHARS },
  formatters: { confluenceLink, emoticon, task, time, plainTextBody, confluenceTable: table },
  selectors,
});

/** The fallback for markup too deep to parse in time, or that made the converter fail. */
function stripTags(xml: string): string {
  return tidyText(xml.replace(/<[^<>]*>/g, ' ').replace(/[ \t]+/g, ' '));
}

/**
 * Renders Confluence storage format as plain text. Never throws: markup nested deeper than
 * MAX_NESTING, or that the converter fails on, is rendered with its tags stripped instead.
 */
export function storageToText(storage: string): string {
  if (typeof storage !== 'string' || storage === '') return '';
  const input = closeEmptyElements(inlineCdata(storage.slice(0, MAX_INPUT_CHARS)));
  if (nestingDepth(input) > MAX_NESTING) return stripTags(input);
  try {
    return tidyText(convert(input));
  } catch {
    return stripTags(input);
  }
}
