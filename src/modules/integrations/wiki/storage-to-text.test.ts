import { describe, expect, it } from 'vitest';
import { storageToText } from './storage-to-text.ts';

const code = (body: string, language = 'js') =>
  `<ac:structured-macro ac:name="code" ac:schema-version="1"><ac:parameter ac:name="language">${language}</ac:parameter><ac:plain-text-body><![CDATA[${body}]]></ac:plain-text-body></ac:structured-macro>`;

describe('storageToText', () => {
  it('keeps headings as written and separates blocks with one blank line', () => {
    expect(
      storageToText(
        '<h1>Release Plan</h1><p>First <strong>bold</strong> line.</p><h3>Next step</h3><p>x</p>',
      ),
    ).toBe('Release Plan\n\nFirst bold line.\n\nNext step\n\nx');
  });

  it('shows a link target only when it is absolute and differs from the text', () => {
    const html =
      '<p><a href="https://ex.com/spec">the spec</a>, <a href="https://ex.com">https://ex.com</a>, ' +
      '<a href="/wiki/spaces/ENG">relative</a>, <a href="#top">anchor</a>, <a href="javascript:alert(1)">js</a>, ' +
      '<a href="mailto:a@b.io">mail</a></p>';
    expect(storageToText(html)).toBe(
      'the spec (https://ex.com/spec), https://ex.com, relative, anchor, js, mail',
    );
  });

  it('shows images as [image]', () => {
    const html =
      '<p>Before <img src="https://x/y.png" alt="a diagram"/> and ' +
      '<ac:image ac:height="250"><ri:attachment ri:filename="arch.png"/></ac:image> after</p>';
    expect(storageToText(html)).toBe('Before [image] and [image] after');
  });

  it('keeps code macro bodies verbatim and fenced, and hides macro parameters', () => {
    const body = 'if (a < b && c) {\n  return "x\\\\y";\n}';
    expect(storageToText(`<p>Run:</p>${code(body)}<p>done</p>`)).toBe(
      `Run:\n\n\`\`\`\n${body}\n\`\`\`\n\ndone`,
    );
  });

  it('does not let code that looks like markup or a CDATA end escape its body', () => {
    const body = '<script>alert(1)</script> &amp; <p>not a paragraph</p>';
    expect(storageToText(code(body, 'html'))).toBe(`\`\`\`\n${body}\n\`\`\``);
  });

  it('renders page links as their title, or as their own link text', () => {
    const html =
      '<p>See <ac:link><ri:page ri:content-title="Deploy Runbook" ri:space-key="OPS"/></ac:link>, ' +
      '<ac:link><ri:page ri:content-title="X"/><ac:plain-text-link-body><![CDATA[the label]]></ac:plain-text-link-body></ac:link>, ' +
      '<ac:link><ri:attachment ri:filename="notes.pdf"/></ac:link>, ' +
      '<ac:link><ri:user ri:account-id="5b10"/></ac:link> and ' +
      '<ac:link><ri:page ri:content-title="Y"/><ac:link-body><em>rich</em> body</ac:link-body></ac:link>.</p>';
    expect(storageToText(html)).toBe('See Deploy Runbook, the label, notes.pdf, @user and rich body.');
  });

  it('renders emoticons and dates without swallowing the text after them', () => {
    const html =
      '<p>Hi <ac:emoticon ac:name="smile" ac:emoji-shortname=":slight_smile:" ac:emoji-fallback="🙂"/> there ' +
      '<ac:emoticon ac:name="tick"/> ok, due <time datetime="2024-05-01"/> sharp</p>';
    expect(storageToText(html)).toBe('Hi 🙂 there :tick: ok, due 2024-05-01 sharp');
  });

  it('renders task lists with their status', () => {
    const task = (id: number, status: string, body: string) =>
      `<ac:task><ac:task-id>${id}</ac:task-id><ac:task-status>${status}</ac:task-status><ac:task-body>${body}</ac:task-body></ac:task>`;
    const html = `<p>Todo:</p><ac:task-list>${task(1, 'complete', 'Write <strong>docs</strong>')}${task(2, 'incomplete', 'Ship')}</ac:task-list>`;
    expect(storageToText(html)).toBe('Todo:\n\n- [x] Write docs\n- [ ] Ship');
  });

  it('renders tables one row per line, cells joined with |', () => {
    const html =
      '<table><colgroup><col/><col/></colgroup><tbody>' +
      '<tr><th><p>Name</p></th><th><p>Value</p></th></tr>' +
      '<tr><td><p>alpha</p><p>beta</p></td><td><ul><li>x</li><li>y</li></ul></td></tr>' +
      '<tr><td></td><td></td></tr></tbody></table><p>after</p>';
    expect(storageToText(html)).toBe('Name | Value\nalpha beta | - x - y\n\nafter');
  });

  it('renders panels with their title, and status and Jira macros inline', () => {
    const html =
      '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Heads up</ac:parameter>' +
      '<ac:rich-text-body><p>Be careful</p></ac:rich-text-body></ac:structured-macro>' +
      '<p>State: <ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">Green</ac:parameter>' +
      '<ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro> in ' +
      '<ac:structured-macro ac:name="jira"><ac:parameter ac:name="server">System JIRA</ac:parameter>' +
      '<ac:parameter ac:name="key">ABC-12</ac:parameter></ac:structured-macro>.</p>';
    expect(storageToText(html)).toBe('Heads up\n\nBe careful\n\nState: DONE in ABC-12.');
  });

  it('renders lists, rules and quotes readably', () => {
    const html =
      '<ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul><hr/><blockquote><p>quoted</p></blockquote>';
    expect(storageToText(html)).toBe('- one\n  - nested\n- two\n\n---\n\n> quoted');
  });

  it('drops scripts, styles and placeholders, and decodes entities', () => {
    const html =
      '<script>alert(1)</script><style>p{}</style><p><ac:placeholder>Type here</ac:placeholder>' +
      'Tom &amp; Jerry &lt;3 &quot;x&quot; caf&eacute; &#128512;</p>';
    expect(storageToText(html)).toBe('Tom & Jerry <3 "x" café 😀');
  });

  it('collapses blank lines and trims', () => {
    expect(storageToText('<p>a</p><p></p><p> </p><br/><br/><br/><p>b</p>\n\n\n')).toBe('a\n\nb');
  });

  it('never throws on malformed or hostile markup', () => {
    const inputs = [
      '',
      '<p>unclosed <b>bold',
      '<![CDATA[ never closed <p>',
      '<<<<>>>>&&&;&#xZZ;&bogus; <p </p',
      '</p></div></ac:link>',
      '<ac:link><ri:page ri:content-title="a > b"/></ac:link> tail',
      '<ac:structured-macro ac:name="code"><ac:plain-text-body>]]></ac:plain-text-body>',
      `<p title="${'"'.repeat(1000)}">x</p>`,
      '<ac:emoticon ac:name="__proto__"/><ri:page ri:content-title="constructor"/>',
      '\u0000<p>\ud800 lone surrogate</p>',
    ];
    for (const input of inputs) expect(() => storageToText(input)).not.toThrow();
    expect(storageToText(inputs[1] ?? '')).toBe('unclosed bold');
    expect(storageToText(inputs[2] ?? '')).toBe('never closed <p>');
    expect(storageToText(undefined as unknown as string)).toBe('');
  });

  it('falls back to stripping tags for markup nested too deep to parse in time', () => {
    const deep = `${'<div>'.repeat(50_000)}deep <b>text</b>${'</div>'.repeat(50_000)}`;
    expect(storageToText(deep)).toBe('deep text');
    expect(storageToText(`${'<ac:link>'.repeat(50_000)}x`)).toBe('x');
  });

  it('handles large flat documents', () => {
    const html = `<p>${'word '.repeat(200_000)}</p>${'<ac:emoticon ac:name="a"/>'.repeat(10_000)}`;
    const text = storageToText(html);
    expect(text.startsWith('word word')).toBe(true);
    expect(text.endsWith(':a::a:')).toBe(true);
  });
});
