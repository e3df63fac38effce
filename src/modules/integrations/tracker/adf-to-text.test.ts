import { describe, expect, it } from 'vitest';
import { adfToText } from './adf-to-text.ts';

const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks ? { marks } : {}) });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', version: 1, content });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const link = (href: string) => ({ type: 'link', attrs: { href } });

describe('adfToText', () => {
  it('renders paragraphs and headings as blocks separated by one blank line', () => {
    const adf = doc(
      { type: 'heading', attrs: { level: 2 }, content: [t('Goal')] },
      p(t('First')),
      p(t('Second')),
    );
    expect(adfToText(adf)).toBe('Goal\n\nFirst\n\nSecond');
  });

  it('ignores formatting marks and turns hard breaks into newlines', () => {
    const adf = doc(
      p(
        t('bold', [{ type: 'strong' }]),
        t(' and '),
        t('code', [{ type: 'code' }]),
        { type: 'hardBreak' },
        t('next'),
      ),
    );
    expect(adfToText(adf)).toBe('bold and code\nnext');
  });

  it('appends a link href once per linked run, only when it differs from the text', () => {
    const href = 'https://example.com/spec';
    const adf = doc(
      p(t('see '), t('the ', [link(href)]), t('spec', [{ type: 'em' }, link(href)]), t(' now')),
      p(t('https://example.com', [link('https://example.com/')])),
      p(t('a@b.io', [link('mailto:a@b.io')])),
    );
    expect(adfToText(adf)).toBe(`see the spec (${href}) now\n\nhttps://example.com\n\na@b.io`);
  });

  it('prefixes bullet and ordered lists and indents nested lists and continuation lines', () => {
    const adf = doc({
      type: 'bulletList',
      content: [
        item(p(t('one')), {
          type: 'orderedList',
          attrs: { order: 3 },
          content: [item(p(t('a')), p(t('a, second paragraph'))), item(p(t('b')))],
        }),
        item(p(t('two'))),
      ],
    });
    expect(adfToText(adf)).toBe('- one\n  3. a\n     a, second paragraph\n  4. b\n- two');
  });

  it('numbers ordered lists from 1 when the start is missing or not a number', () => {
    const list = (attrs: unknown) =>
      doc({ type: 'orderedList', attrs, content: [item(p(t('x'))), item(p(t('y')))] });
    expect(adfToText(list(undefined))).toBe('1. x\n2. y');
    expect(adfToText(list({ order: 'abc' }))).toBe('1. x\n2. y');
    expect(adfToText(list({ order: -4 }))).toBe('1. x\n2. y');
  });

  it('renders task items with their state', () => {
    const adf = doc({
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { state: 'DONE' }, content: [t('ship it')] },
        { type: 'taskItem', attrs: { state: 'TODO' }, content: [t('test it')] },
      ],
    });
    expect(adfToText(adf)).toBe('- [x] ship it\n- [ ] test it');
  });

  it('fences code blocks and keeps their text, including inner blank lines', () => {
    const adf = doc({
      type: 'codeBlock',
      attrs: { language: 'ts' },
      content: [t('const a = 1;\n\nconst b = "\\\\";')],
    });
    expect(adfToText(adf)).toBe('```ts\nconst a = 1;\n\nconst b = "\\\\";\n```');
  });

  it('quotes blockquotes line by line and draws rules', () => {
    const adf = doc(
      { type: 'blockquote', content: [p(t('said')), p(t('twice'))] },
      { type: 'rule' },
      p(t('after')),
    );
    expect(adfToText(adf)).toBe('> said\n>\n> twice\n\n---\n\nafter');
  });

  it('renders mentions, emoji, cards, status and dates from their attributes', () => {
    const adf = doc(
      p(
        { type: 'mention', attrs: { id: 'x', text: '@Ana' } },
        t(' '),
        { type: 'mention', attrs: { id: 'y', text: 'Bo' } },
        t(' '),
        { type: 'emoji', attrs: { shortName: ':tada:', text: '🎉' } },
        { type: 'emoji', attrs: { shortName: ':custom:' } },
        t(' '),
        { type: 'status', attrs: { text: 'IN REVIEW', color: 'blue' } },
        t(' by '),
        { type: 'date', attrs: { timestamp: '1700000000000' } },
        t(' '),
        { type: 'inlineCard', attrs: { url: 'https://x.atlassian.net/browse/AB-1' } },
      ),
      { type: 'blockCard', attrs: { url: 'https://example.com/doc' } },
    );
    expect(adfToText(adf)).toBe(
      '@Ana @Bo 🎉:custom: IN REVIEW by 2023-11-14 https://x.atlassian.net/browse/AB-1\n\nhttps://example.com/doc',
    );
  });

  it('drops dates whose timestamp is missing or not a number', () => {
    const adf = (attrs: unknown) => doc(p(t('due '), { type: 'date', attrs }));
    expect(adfToText(adf({}))).toBe('due');
    expect(adfToText(adf({ timestamp: 'soon' }))).toBe('due');
    expect(adfToText(adf({ timestamp: '9'.repeat(400) }))).toBe('due');
  });

  it('joins table cells with | one row per line, flattening multi-paragraph cells', () => {
    const cell = (type: string, ...content: unknown[]) => ({ type, content });
    const adf = doc({
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [cell('tableHeader', p(t('Name'))), cell('tableHeader', p(t('Notes')))],
        },
        {
          type: 'tableRow',
          content: [cell('tableCell', p(t('api'))), cell('tableCell', p(t('fast')), p(t('cached')))],
        },
      ],
    });
    expect(adfToText(adf)).toBe('Name | Notes\napi | fast cached');
  });

  it('renders panels, expands with their title, and media as a placeholder', () => {
    const adf = doc(
      { type: 'panel', attrs: { panelType: 'warning' }, content: [p(t('careful'))] },
      { type: 'expand', attrs: { title: 'Details' }, content: [p(t('hidden text'))] },
      { type: 'mediaSingle', content: [{ type: 'media', attrs: { id: 'm1', type: 'file' } }] },
      { type: 'mediaGroup', content: [{ type: 'media', attrs: { alt: 'log.txt' } }, { type: 'media' }] },
    );
    expect(adfToText(adf)).toBe(
      'careful\n\nDetails\nhidden text\n\n[attachment]\n\n[attachment: log.txt] [attachment]',
    );
  });

  it("renders unknown nodes as their children's text", () => {
    const adf = doc({ type: 'layoutSection', content: [{ type: 'futureThing', content: [p(t('inside'))] }] });
    expect(adfToText(adf)).toBe('inside');
  });

  it('collapses runs of blank lines and trims', () => {
    const adf = doc(p(t('  a')), p(), p(t('\n\n\n\n')), p(t('b  \n\n\n\nc   ')));
    expect(adfToText(adf)).toBe('a\n\nb\n\nc');
  });

  it('never throws on malformed input', () => {
    const bad: unknown[] = [
      null,
      undefined,
      42,
      [],
      true,
      { type: 'doc', content: 'nope' },
      { type: 'doc', content: [null, 1, 'x', [], { type: 7 }, { content: [{ type: 'text', text: 5 }] }] },
      doc(
        p({ type: 'text', text: 'ok', marks: 'bold' }),
        p({ type: 'text', text: 'ok', marks: [null, { type: 'link' }] }),
      ),
      doc(
        { type: 'mention', attrs: null },
        { type: 'emoji', attrs: [] },
        { type: 'orderedList', content: [5] },
      ),
    ];
    for (const input of bad) expect(() => adfToText(input)).not.toThrow();
    expect(adfToText(bad[6])).toBe('');
    expect(adfToText(bad[7])).toBe('ok\n\nok');
    expect(adfToText(bad[8])).toBe('@user');
  });

  it('takes a string as plain text already (Jira REST v2 bodies)', () => {
    expect(adfToText('  line one\n\n\n\nline two  ')).toBe('line one\n\nline two');
  });

  it('survives hostile nesting and size without a stack overflow', () => {
    let deep: Record<string, unknown> = t('bottom');
    for (let i = 0; i < 50_000; i += 1) deep = { type: 'blockquote', content: [deep] };
    expect(() => adfToText(doc(deep, p(t('after'))))).not.toThrow();
    expect(adfToText(doc(deep, p(t('after'))))).toMatch(/after$/);

    const shared: Record<string, unknown>[] = [p(t('x'))];
    for (let i = 0; i < 60; i += 1) shared.unshift({ type: 'panel', content: [shared[0], shared[0]] });
    const huge = adfToText(doc(shared[0]));
    expect(huge.length).toBeLessThan(2_000_000);
  });

  it('keeps unicode, quotes and backslashes in text verbatim', () => {
    const text = 'naïve "quoted" \\path\\ 😀 日本語 \u202e';
    expect(adfToText(doc(p(t(text))))).toBe(text);
  });
});
