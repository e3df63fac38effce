import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelFake, type ModelCall } from '../../src/test/fakes/model-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * Model extraction in a real Chromium against a real server asking a language model fake on
 * 127.0.0.1: the audit reasoner configured through the API, the workspace's model_extraction
 * switched on on its settings page (audited with the reason), then an import of notes.md parsed and
 * extracted on its page: the model's new memory badged "model", the one the rules found too badged
 * "rules + model", the rules' own without a badge, and the model's counts in words, on the import's
 * page and in the list.
 */
let ui: UiServer;
let model: ModelFake;
let adminKey: string;
const WS = 'acme';
const PROJECT = 'codehost:acme/billing';
const NOTES = readFileSync(new URL('../../src/modules/imports/fixtures/notes.md', import.meta.url));

/** The rules stage this decision too: the model's proposal of it is merged (producer both). */
const DECISION = 'We decided to use PostgreSQL advisory locks for the invoice job (BILL-142).';
/** The rules do not stage open questions: this one is the model's alone (producer model). */
const QUESTION = 'It is still open whether the dunning run takes the invoice advisory lock or its own key.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}
const api = (method: string, path: string, body?: unknown) => ui.call(method, path, adminKey, body);

/** The number of the prompt's message (`[n] role: text`) that holds `phrase`, -1 for none. */
function messageWith(call: ModelCall, phrase: string): number {
  const prompt = call.body.messages?.at(-1)?.content ?? '';
  return prompt.split(/\n\n(?=\[\d+\] (?:user|assistant): )/).findIndex((m) => m.includes(phrase));
}

/** The fake's answer to an extraction prompt: the decision, the question, and the question again. */
function proposals(call: ModelCall): string {
  const question = {
    type: 'problem',
    content: QUESTION,
    message: messageWith(call, 'dunning run also take'),
  };
  return JSON.stringify({
    memories: [
      {
        type: 'decision',
        content: DECISION,
        message: messageWith(call, 'advisory locks for the invoice job'),
      },
      question,
      // A repeat of its own proposal: left out.
      question,
    ],
  });
}

const detailPath = (id: string) =>
  `/admin/imports/${id}?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;
const staged = (page: Page) => page.getByRole('list', { name: 'Staged memories' }).getByRole('listitem');

/** Uploads notes.md as the admin (as `ctxhub import` would, read as text): the import's id. */
async function uploaded(): Promise<string> {
  const form = new FormData();
  form.append('workspace_key', WS);
  form.append('project_key', PROJECT);
  form.append('source', 'text');
  form.append('file', new Blob([NOTES]), 'notes.md');
  const res = await fetch(`${ui.baseUrl}/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  model = await new ModelFake().listen();
  ui = await startUi({ SERVICE_ALLOW_PRIVATE_NETWORK: 'true' });
  adminKey = (await (await fetch(ui.firstLink, { headers: { accept: 'application/json' } })).json())
    .api_key as string;
  await ok(api('POST', '/v1/workspaces', { workspace_key: WS }));
  await ok(api('POST', `/v1/workspaces/${WS}/projects`, { key: PROJECT }));
  await ok(
    api('PUT', '/v1/integrations', {
      workspace_key: WS,
      provider: 'audit_reasoner',
      enabled: true,
      config: { llm_provider: 'openai', model: 'gpt-test', api_key: model.apiKey, base_url: model.baseUrl },
    }),
  );
}, 120_000);
afterAll(async () => {
  await ui?.close();
  await model?.close();
});

describe('model extraction in the Admin UI', () => {
  it('is switched on in the workspace settings, then the review shows what the model proposed', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, `/admin/workspaces/${WS}`);
    const imports = page.locator('.card', { has: page.getByRole('heading', { name: 'Imports' }) });
    const box = imports.getByLabel('Extract with the language model');
    expect(await box.isChecked()).toBe(false);
    const integrations = imports.getByRole('link', { name: 'Integrations' });
    expect(await integrations.getAttribute('href')).toBe(`/admin/integrations?workspace=${WS}`);
    await box.check();
    await page.getByLabel('Reason (kept in the audit log)').fill('let the model propose memories');
    await checkPage(page, 'model-extraction-setting');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await ok(api('GET', `/v1/workspaces/${WS}`))).model_extraction).toBe(true);
    const [entry] = (
      await ok(api('GET', `/v1/audit-logs?workspace_key=${WS}&action_prefix=workspace_settings.`))
    ).items;
    expect(entry.target.params).toMatchObject({
      changed_fields: ['model_extraction'],
      changes: { model_extraction: { from: false, to: true } },
      reason: 'let the model propose memories',
    });
    await page.reload();
    await expect.poll(() => box.isChecked()).toBe(true);

    // An import of notes.md, parsed and extracted on its page: the model is asked once.
    model.script = proposals;
    const id = await uploaded();
    await page.goto(`${ui.baseUrl}${detailPath(id)}`);
    await page.getByRole('heading', { name: 'Import of notes.md' }).waitFor();
    await page.getByRole('button', { name: 'Parse' }).click();
    await page.getByRole('button', { name: 'Extract' }).click();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.text).toContain('Answer with JSON only');

    const item = await ok(api('GET', `/v1/imports/${id}`));
    expect(item.stats).toMatchObject({
      model_chunks: 1,
      model_chunks_failed: 0,
      model_chunks_skipped: 0,
      model_proposed: 3,
      model_staged: 1,
      model_merged: 1,
    });
    const all = (await ok(api('GET', `/v1/imports/${id}/staged?limit=200`))).items as Array<{
      content: string;
      producer: string;
    }>;
    await expect.poll(() => staged(page).count()).toBe(all.length);

    // The model's own memory, the one the rules found too, and the rules' own (no badge).
    const fromModel = staged(page).filter({ hasText: QUESTION });
    await fromModel.getByText('model', { exact: true }).waitFor();
    expect(await fromModel.getByText('rules + model', { exact: true }).count()).toBe(0);
    const both = all.find((s) => s.producer === 'both');
    expect(both?.content).toContain('advisory locks for the invoice job');
    await staged(page)
      .filter({ hasText: both?.content ?? '' })
      .getByText('rules + model', { exact: true })
      .waitFor();
    expect(all.filter((s) => s.producer === 'rules').length).toBe(all.length - 2);
    expect(
      await staged(page)
        .getByTitle(/language model/)
        .count(),
    ).toBe(2);

    // The model's counts in words; the other counts leave them out.
    const sentence = 'the model proposed 3 memories in 1 chunk: 1 new, 1 also found by the rules, 1 left out';
    expect(await page.getByTestId('import-model-stats').textContent()).toBe(sentence);
    expect(await page.getByTestId('import-stats').textContent()).not.toContain('model');
    await checkPage(page, 'model-extraction-review');

    // The list says it too.
    await page.getByRole('link', { name: 'Back to imports' }).click();
    const row = page.getByRole('table', { name: 'Imports' }).locator('tbody tr').filter({ hasText: id });
    await row.getByText(sentence).waitFor();
    await checkPage(page, 'model-extraction-imports');
    await context.close();
  });
});
