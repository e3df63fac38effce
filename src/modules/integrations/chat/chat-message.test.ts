import { describe, expect, it } from 'vitest';
import { chatPayload, type ChatEntry } from './chat-message.ts';
import { CHAT_LIMITS, CUT_MARKER } from './chat-limits.ts';

const entry: ChatEntry = {
  text: 'ann@example.com searched raw transcripts for "deploy" in project codehost:acme/api: 3 matches.',
  locale: 'en',
  action: 'raw.search',
  actor: 'ann@example.com',
  workspaceKey: 'acme',
  projectKey: 'codehost:acme/api',
  occurredAt: new Date('2026-11-26T08:00:00Z'),
  severity: 'medium',
  target: { type: 'project', id: 'prj_1', params: { q: 'deploy', count: 3 } },
};

type Block = { type: string; text?: { text: string }; fields?: Array<{ text: string }> };
const blocksOf = (p: ReturnType<typeof chatPayload>) => (p.blocks ?? []) as Block[];

describe('chat message', () => {
  it('is Block Kit when detailed: a header, the sentence, the fields, no target unless asked', () => {
    const p = chatPayload(entry, '#audit', { format: 'detailed' });
    expect(p.channel).toBe('#audit');
    expect(p.text).toBe(entry.text);
    const blocks = blocksOf(p);
    expect(blocks.map((b) => b.type)).toEqual(['header', 'section', 'section']);
    expect(blocks[0]?.text?.text).toBe('raw.search');
    expect(blocks[1]?.text?.text).toBe(entry.text);
    expect(blocks[2]?.fields?.map((f) => f.text)).toEqual([
      '*Actor*\nann@example.com',
      '*Workspace*\nacme',
      '*Project*\ncodehost:acme/api',
      '*Time*\n2026-11-26T08:00:00.000Z',
      '*Severity*\nMedium',
    ]);
    const withTarget = blocksOf(chatPayload(entry, null, { include_target_json: true }));
    expect(withTarget).toHaveLength(4);
    expect(withTarget[3]?.text?.text).toContain('```\n{\n  "type": "project"');
    expect(chatPayload(entry, null, {}).channel).toBeUndefined();
  });

  it('is one line when compact, with its labels in the message locale', () => {
    const p = chatPayload({ ...entry, text: 'line one\n  line two', locale: 'de' }, null, {
      format: 'compact',
    });
    expect(p).toEqual({ text: '[Mittel] raw.search: line one line two' });
    const ja = blocksOf(chatPayload({ ...entry, locale: 'ja' }, null, {}));
    expect(ja[2]?.fields?.[0]?.text).toBe('*実行者*\nann@example.com');
  });

  it('masks tokens in every text when mask_secrets is on (the default), and not when it is off', () => {
    const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const secret = { ...entry, text: `pushed with ${token}`, target: { token } };
    const masked = JSON.stringify(chatPayload(secret, null, { include_target_json: true }));
    expect(masked).not.toContain(token);
    expect(masked).toContain('[redacted:');
    const open = JSON.stringify(
      chatPayload(secret, null, { include_target_json: true, mask_secrets: false }),
    );
    expect(open).toContain(token);
  });

  it("escapes mrkdwn's control characters, and keeps a code block closed", () => {
    const p = chatPayload({ ...entry, text: 'a <b> & c', target: { s: '```' } }, null, {
      include_target_json: true,
    });
    expect(p.text).toBe('a &lt;b&gt; &amp; c');
    const code = blocksOf(p)[3]?.text?.text ?? '';
    expect(code.match(/```/g)).toHaveLength(2);
  });

  it("keeps Slack's limits by cutting with a marker, never by failing", () => {
    const huge = { ...entry, text: '&'.repeat(20_000), action: 'x.'.repeat(200), actor: 'y'.repeat(5000) };
    const target = { ...huge, target: { blob: 'z'.repeat(50_000) } };
    const p = chatPayload(target, null, { include_target_json: true });
    expect(p.text.length).toBeLessThanOrEqual(CHAT_LIMITS.text);
    expect(p.text.endsWith(CUT_MARKER)).toBe(true);
    expect(p.text).toMatch(/^(&amp;)+… \[truncated\]$/);
    const blocks = blocksOf(p);
    expect(blocks.length).toBeLessThanOrEqual(CHAT_LIMITS.blocks);
    expect(blocks[0]?.text?.text.length).toBeLessThanOrEqual(CHAT_LIMITS.headerText);
    for (const b of blocks.slice(1)) {
      if (b.text) expect(b.text.text.length).toBeLessThanOrEqual(CHAT_LIMITS.sectionText);
      for (const f of b.fields ?? []) expect(f.text.length).toBeLessThanOrEqual(CHAT_LIMITS.fieldText);
    }
    const compact = chatPayload(huge, null, { format: 'compact' });
    expect(compact.text.length).toBeLessThanOrEqual(CHAT_LIMITS.text);
  });
});
