import { describe, expect, it } from 'vitest';
import { expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';

/**
 * Outbound settings and policies, rendering and the variables list through HTTP: who may read and
 * change them, locale resolution as `render` reports it, templates that do not parse refused with
 * their line and column, overrides and previews.
 */
const h = useHarness();
const { users, newWorkspace } = workspaceScene(h);

const settings = (ws: string, body: unknown, as = users.alice) =>
  h.request('PUT', `/v1/workspaces/${ws}/outbound-settings`, { as, body });
const policy = (ws: string, body: Record<string, unknown>, type = 'chat', as = users.alice) =>
  h.request('PUT', `/v1/outbound-policies/${type}`, { as, body: { workspace_key: ws, ...body } });
const render = (ws: string, body: Record<string, unknown>, as = users.bob) =>
  h.request('POST', '/v1/outbound/render', {
    as,
    body: { workspace_key: ws, integration_type: 'chat', action_key: 'raw.search', ...body },
  });

describe('outbound routes: access', () => {
  it('lets members read and render, only admins change; outsiders see nothing', async () => {
    const ws = await newWorkspace();
    const reads: RouteCall[] = [
      { method: 'GET', url: `/v1/workspaces/${ws}/outbound-settings` },
      { method: 'GET', url: '/v1/outbound-policies/chat', query: { workspace_key: ws } },
      {
        method: 'POST',
        url: '/v1/outbound/render',
        body: { workspace_key: ws, integration_type: 'chat', action_key: 'raw.search' },
      },
      {
        method: 'GET',
        url: '/v1/outbound/template-variables',
        query: { workspace_key: ws, integration_type: 'chat' },
      },
    ];
    const writes: RouteCall[] = [
      {
        method: 'PUT',
        url: `/v1/workspaces/${ws}/outbound-settings`,
        body: { default_outbound_locale: 'en', supported_locales: ['en', 'de'] },
      },
      { method: 'PUT', url: '/v1/outbound-policies/chat', body: { workspace_key: ws, locale_default: 'en' } },
    ];
    for (const call of [...reads, ...writes]) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, users.outsider, call);
    }
    for (const call of reads) {
      const res = await h.request(call.method, call.url, {
        as: users.bob,
        body: call.body,
        query: call.query,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const call of writes) await expectForbiddenFor(h, users.bob, call);
    expect(await auditOf(h, ws, 'workspace_settings.')).toEqual([]);
    expect(await auditOf(h, ws, 'integration.')).toEqual([]);
  });
});

describe('outbound settings', () => {
  it('reads and sets the default and supported locales, audited as workspace settings', async () => {
    const ws = await newWorkspace();
    const read = await h.request('GET', `/v1/workspaces/${ws}/outbound-settings`, { as: users.bob });
    expect(read.json()).toEqual({
      workspace_key: ws,
      default_outbound_locale: 'en',
      supported_locales: ['en'],
      built_in_locales: ['en', 'es', 'fr', 'de', 'ja', 'ko', 'zh'],
    });
    const put = await settings(ws, {
      default_outbound_locale: 'de',
      supported_locales: ['en', 'de', 'pt-br'],
      reason: 'team in Berlin',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      default_outbound_locale: 'de',
      supported_locales: ['en', 'de', 'pt-BR'],
    });
    const [entry] = await auditOf(h, ws, 'workspace_settings.updated');
    expect(entry).toMatchObject({
      target: {
        params: {
          changed_fields: ['default_outbound_locale', 'supported_locales'],
          reason: 'team in Berlin',
        },
      },
    });
    const workspace = await h.request('GET', `/v1/workspaces/${ws}`, { as: users.bob });
    expect(workspace.json()).toMatchObject({
      default_outbound_locale: 'de',
      supported_locales: ['en', 'de', 'pt-BR'],
    });
  });

  it('refuses bad settings, naming the field, and changes nothing', async () => {
    const ws = await newWorkspace();
    const cases: Array<[unknown, string]> = [
      [{ supported_locales: ['en'] }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'en' }, 'body.supported_locales'],
      [{ default_outbound_locale: 'english', supported_locales: ['en'] }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'en', supported_locales: [] }, 'body.supported_locales'],
      [{ default_outbound_locale: 'en', supported_locales: ['en', 'en'] }, 'body.supported_locales'],
      [{ default_outbound_locale: 'en', supported_locales: 'en' }, 'body.supported_locales'],
      [{ default_outbound_locale: 'en', supported_locales: ['en'], extra: true }, 'body'],
    ];
    for (const [body, path] of cases) expectInvalid(await settings(ws, body), path);
    // The default must be one of the supported locales.
    const inconsistent = await settings(ws, { default_outbound_locale: 'fr', supported_locales: ['en'] });
    expect(inconsistent.statusCode).toBe(400);
    for (const s of HOSTILE_STRINGS) {
      const res = await settings(ws, { default_outbound_locale: s, supported_locales: [s] });
      expect(res.statusCode, s).toBe(400);
    }
    expect(await auditOf(h, ws, 'workspace_settings.')).toEqual([]);
  });
});

describe('outbound policies and rendering', () => {
  it('resolves the locale step by step and says which step and template won', async () => {
    const ws = await newWorkspace();
    expect(
      (
        await settings(ws, {
          default_outbound_locale: 'de',
          supported_locales: ['en', 'de', 'fr', 'ja', 'pt-BR'],
        })
      ).statusCode,
    ).toBe(200);
    const params = { q: 'deploy', count: 3, project_key: 'codehost:acme/api' };
    let res = await render(ws, { params });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      locale: 'de',
      locale_reason: 'workspace_default',
      template_source: 'built_in',
      template_locale: 'de',
    });
    expect(res.json().text).toContain('deploy');
    expect(
      (await policy(ws, { locale_default: 'fr', supported_locales: ['en', 'fr', 'ja', 'pt-BR'] })).statusCode,
    ).toBe(200);
    res = await render(ws, { params });
    expect(res.json()).toMatchObject({
      locale: 'fr',
      locale_reason: 'policy_default',
      template_locale: 'fr',
    });
    res = await render(ws, { params, locale: 'ja' });
    expect(res.json()).toMatchObject({ locale: 'ja', locale_reason: 'request', template_locale: 'ja' });
    // The workspace allows de, the policy does not: the request is not kept.
    res = await render(ws, { params, locale: 'de' });
    expect(res.json()).toMatchObject({ locale: 'fr', locale_reason: 'policy_default' });
    // A locale without built-in templates: the language's, else English, and it says so.
    res = await render(ws, { params, locale: 'pt-BR' });
    expect(res.json()).toMatchObject({
      locale: 'pt-BR',
      locale_reason: 'request',
      template_source: 'built_in',
      template_locale: 'en',
    });
    // Another integration type has no policy of its own: the workspace default.
    res = await render(ws, { params, integration_type: 'email' });
    expect(res.json()).toMatchObject({ locale: 'de', locale_reason: 'workspace_default' });
  });

  it('renders an override in its locale, the built-in text in others, and a generic sentence for an unknown action', async () => {
    const ws = await newWorkspace();
    expect(
      (await settings(ws, { default_outbound_locale: 'en', supported_locales: ['en', 'es'] })).statusCode,
    ).toBe(200);
    const saved = await policy(ws, {
      template_overrides: {
        'raw.search': { es: '{{ actor }} buscó «{{ q }}»: {{ count }} resultados.' },
        'git.push': { en: 'Pushed to {{ branch | default: "main" }}.' },
      },
      reason: 'house style',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ locale_default: null, supported_locales: null });
    let res = await render(ws, { params: { q: 'x', count: 2 }, locale: 'es' });
    expect(res.json()).toMatchObject({
      template_source: 'override',
      text: `Bob (${users.bob.email}) buscó «x»: 2 resultados.`,
    });
    res = await render(ws, { params: { q: 'x', count: 2 } });
    expect(res.json()).toMatchObject({ template_source: 'built_in', locale: 'en' });
    expect(res.json().template).toContain('{{ q }}');
    res = await render(ws, { action_key: 'git.push', params: { branch: 'release' } });
    expect(res.json()).toMatchObject({
      template_source: 'override',
      text: 'Pushed to release.',
      template: 'Pushed to {{ branch | default: "main" }}.',
    });
    res = await render(ws, { action_key: 'git.tag', params: {} });
    expect(res.json().template_source).toBe('generic');
    expect(res.json().text).toContain('git.tag');
    // A preview of an unsaved edit.
    res = await render(ws, { template: '{{ q | upcase }}!', params: { q: 'hi' } });
    expect(res.json()).toMatchObject({ template_source: 'request', text: 'HI!' });
    const [entry] = await auditOf(h, ws, 'integration.outbound_policy_updated');
    expect(entry).toMatchObject({
      target: {
        type: 'outbound_policy',
        id: 'chat',
        params: {
          integration_type: 'chat',
          changed_fields: ['template_overrides'],
          changed_templates: ['git.push/en', 'raw.search/es'],
          reason: 'house style',
        },
      },
    });
    const read = await h.request('GET', '/v1/outbound-policies/chat', {
      as: users.bob,
      query: { workspace_key: ws },
    });
    expect(read.json().template_overrides['git.push']).toEqual({
      en: 'Pushed to {{ branch | default: "main" }}.',
    });
    // Saving the same again changes and audits nothing.
    await policy(ws, { template_overrides: read.json().template_overrides });
    expect(await auditOf(h, ws, 'integration.outbound_policy_updated')).toHaveLength(1);
  });

  it('refuses a template that does not parse with its line and column, and other bad input, changing nothing', async () => {
    const ws = await newWorkspace();
    const bad = await policy(ws, {
      template_overrides: { 'raw.search': { en: 'Hello\n  {{ q | nosuch }}' } },
    });
    const error = expectInvalid(bad, 'body.template_overrides.raw.search.en');
    expect(JSON.stringify(error.details)).toContain('undefined filter: nosuch (line 2, column 3)');
    const unclosed = await policy(ws, { template_overrides: { 'raw.search': { en: '{% if q %}x' } } });
    expectInvalid(unclosed, 'body.template_overrides.raw.search.en');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ template_overrides: { 'Raw Search': { en: 'x' } } }, 'body.template_overrides.Raw Search'],
      [
        { template_overrides: { 'raw.search': { english: 'x' } } },
        'body.template_overrides.raw.search.english',
      ],
      [{ template_overrides: { 'raw.search': { en: '' } } }, 'body.template_overrides.raw.search.en'],
      [
        { template_overrides: { 'raw.search': { en: 'x'.repeat(10_001) } } },
        'body.template_overrides.raw.search.en',
      ],
      [{ template_overrides: { 'raw.search': 'x' } }, 'body.template_overrides.raw.search'],
      [{ locale_default: 'xx-yy-zz-too-long-to-be-anything-at-all' }, 'body.locale_default'],
      [{ locale_default: 'fr', supported_locales: ['en'] }, 'body.locale_default'],
      [{ supported_locales: [] }, 'body.supported_locales'],
      [{ colour: 'blue' }, 'body'],
    ];
    for (const [body, path] of cases) expectInvalid(await policy(ws, body), path);
    expectInvalid(await policy(ws, {}, 'fax'), 'params.integration_type');
    const renderCases: Array<[Record<string, unknown>, string]> = [
      [{ action_key: 'search' }, 'body.action_key'],
      [{ integration_type: 'sms' }, 'body.integration_type'],
      [{ locale: 'nope nope' }, 'body.locale'],
      [{ params: [] }, 'body.params'],
      [{ template: '{{ x' }, 'body.template'],
    ];
    for (const [body, path] of renderCases) expectInvalid(await render(ws, body), path);
    expect(await auditOf(h, ws, 'integration.')).toEqual([]);
  });

  it('stops a runaway template and never reads a file', async () => {
    const ws = await newWorkspace();
    const loop = await render(ws, { template: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' });
    expect(loop.statusCode).toBeLessThan(500);
    expect(loop.statusCode).toBe(400);
    const include = await render(ws, { template: '{% include "/etc/passwd" %}' });
    expect(include.statusCode).toBe(400);
    expect(include.body).not.toContain('root:');
  });
});

describe('GET /v1/outbound/template-variables', () => {
  it('lists the common variables and each action with its own, e.g. q and count for raw.search', async () => {
    const ws = await newWorkspace();
    const res = await h.request('GET', '/v1/outbound/template-variables', {
      as: users.bob,
      query: { workspace_key: ws, integration_type: 'chat' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      common: Array<{ name: string }>;
      actions: Array<{ action_key: string; variables: Array<{ name: string }> }>;
    };
    expect(body.common.map((v) => v.name)).toEqual(
      expect.arrayContaining(['action', 'actor', 'workspace_key', 'project_key', 'severity', 'occurred_at']),
    );
    const search = body.actions.find((a) => a.action_key === 'raw.search');
    expect(search?.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['q', 'count']));
    expect(body.actions.map((a) => a.action_key)).toEqual(
      expect.arrayContaining(['ci.failure', 'access.workspace_member.added']),
    );
  });
});
