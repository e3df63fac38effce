import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { blockTexts, chatScene } from './chat.fixtures.ts';

/**
 * Which audit entries go to chat, decided when they are written, and what arrives: a real job
 * runner posts to a Slack webhook fake on 127.0.0.1.
 */
const h = useHarness({}, { jobs: true });
const { slack, users, newWorkspace, saveChat, chatWorkspace, rename, settle, deliveries } = chatScene(h);

describe('chat forwarding', () => {
  it('sends an audited change after its commit: Block Kit with the sentence and the facts', async () => {
    const ws = await chatWorkspace({ default_channel: '#audit' });
    await rename(ws, 'Acme Platform', 'quarterly rename');
    const [message] = await slack.waitFor(1);
    await settle();
    expect(message?.contentType).toContain('application/json');
    expect(message?.payload.channel).toBe('#audit');
    const texts = blockTexts(message?.payload ?? {});
    expect(texts.header).toBe('workspace_settings.updated');
    expect(texts.sentence).toContain(users.alice.email);
    expect(texts.fields).toEqual(
      expect.arrayContaining([
        `*Workspace*\n${ws}`,
        '*Severity*\nLow',
        `*Actor*\nAlice (${users.alice.email})`,
      ]),
    );
    expect(message?.payload.text).toBe(texts.sentence);
    const [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({
      integration: 'chat',
      action: 'workspace_settings.updated',
      channel: '#audit',
      severity: 'low',
      status: 'delivered',
      attempts: 1,
      answer: 'ok',
      next_attempt_at: null,
    });
    expect(delivery?.finished_at).not.toBeNull();
  });

  it('never sends what was written while chat was off, and stops once it is turned off', async () => {
    const ws = await newWorkspace();
    await saveChat(ws, {}, false);
    await rename(ws, 'while off');
    await settle();
    expect(slack.received).toHaveLength(0);
    // Turning it on is itself an audited change, written with chat on: that one is sent, not the rename.
    await saveChat(ws, {}, true);
    await slack.waitFor(1);
    await settle();
    expect(blockTexts(slack.received[0]?.payload ?? {}).header).toBe('integration.updated');
    slack.reset();
    await saveChat(ws, {}, false);
    await rename(ws, 'off again');
    await settle();
    expect(slack.received).toHaveLength(0);
    expect((await deliveries(ws)).map((d) => d.action)).toEqual(['integration.updated']);
  });

  it('sends only actions with a listed prefix, to the channels of the routes that apply', async () => {
    const ws = await chatWorkspace({
      action_prefixes: ['workspace_settings.', 'project.'],
      default_channel: '#audit',
      severity_rules: [{ action_prefix: 'project.', severity: 'high' }],
      routes: [
        { action_prefix: 'project.', min_severity: 'high', channel: '#projects' },
        { action_prefix: 'project.', min_severity: 'critical', channel: '#pager' },
      ],
    });
    await rename(ws, 'Listed');
    const created = await h.request('POST', `/v1/workspaces/${ws}/projects`, {
      as: users.alice,
      body: { key: 'codehost:acme/routed' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Not listed: a member change (access.*) is audited but not sent.
    const member = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: users.alice,
      body: { email: users.outsider.email, role: 'member' },
    });
    expect(member.statusCode, member.body).toBe(201);
    await slack.waitFor(2);
    await settle();
    expect(slack.received).toHaveLength(2);
    const sent = await deliveries(ws);
    expect(sent.map((d) => [d.action, d.channel, d.severity])).toEqual([
      ['project.created', '#projects', 'high'],
      ['workspace_settings.updated', '#audit', 'low'],
    ]);
    expect(slack.received.map((m) => m.payload.channel).sort()).toEqual(['#audit', '#projects']);
  });

  it('names the user an access change is about by name and e-mail, in the workspace locale', async () => {
    const ws = await chatWorkspace({ action_prefixes: ['access.'] });
    const locales = await h.request('PUT', `/v1/workspaces/${ws}/outbound-settings`, {
      as: users.alice,
      body: { default_outbound_locale: 'de', supported_locales: ['en', 'de'] },
    });
    expect(locales.statusCode, locales.body).toBe(200);
    const added = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: users.alice,
      body: { email: users.outsider.email, role: 'member' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [message] = await slack.waitFor(1);
    const texts = blockTexts(message?.payload ?? {});
    expect(texts.header).toBe('access.workspace_member.added');
    expect(texts.sentence).toContain(`Olga (${users.outsider.email})`);
    expect(texts.sentence).not.toContain(users.outsider.id);
    expect(texts.fields).toContain(`*Ausgeführt von*\nAlice (${users.alice.email})`);
  });

  it('sends one line when compact, the target as JSON when asked, and masks secrets by default', async () => {
    const token = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
    const compact = await chatWorkspace({ format: 'compact' });
    await rename(compact, 'Compact', `rotated ${token}`);
    const [line] = await slack.waitFor(1);
    expect(Object.keys(line?.payload ?? {})).toEqual(['text']);
    expect(String(line?.payload.text)).toMatch(/^\[Low\] workspace_settings\.updated: /);
    expect(JSON.stringify(line?.payload)).not.toContain(token);
    await settle();
    slack.reset();

    const withTarget = await chatWorkspace({ include_target_json: true });
    await rename(withTarget, 'With target', `rotated ${token}`);
    const [detailed] = await slack.waitFor(1);
    const target = blockTexts(detailed?.payload ?? {}).target ?? '';
    expect(target).toContain('"changed_fields"');
    expect(target).toContain('[redacted:');
    expect(JSON.stringify(detailed?.payload)).not.toContain(token);
    await settle();
    slack.reset();

    const open = await chatWorkspace({ include_target_json: true, mask_secrets: false });
    await rename(open, 'Unmasked', `rotated ${token}`);
    const [unmasked] = await slack.waitFor(1);
    expect(JSON.stringify(unmasked?.payload)).toContain(token);
    await settle();
  });

  it('never shows the webhook URL: not in deliveries, integration views or the audit log', async () => {
    const ws = await chatWorkspace();
    await rename(ws, 'Secretive');
    await slack.waitFor(1);
    await settle();
    const secret = new URL(slack.url).pathname;
    const reads = [
      await h.request('GET', `/v1/workspaces/${ws}/deliveries`, { as: users.alice }),
      await h.request('GET', '/v1/integrations', { as: users.alice, query: { workspace_key: ws } }),
      await h.request('GET', '/v1/audit-logs', { as: h.admin, query: { workspace_key: ws } }),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(secret);
    }
  });
});
