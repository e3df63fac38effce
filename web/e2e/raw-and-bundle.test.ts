import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * Raw snippets and the context bundle preview in a real Chromium against a real server: transcripts
 * imported through the API, searched with a phrase and an excluded word (the page shows what the API
 * answers), one message opened, both recorded in the audit log; a project reader sees why not and
 * the server's refusal. The bundle with and without a query, a sub-path, a budget too small for
 * everything (the table says what was dropped), and a memory holding markup shown as text.
 */
let ui: UiServer;
let adminKey: string;
let readerKey: string;
const WS = 'acme';
const PROJECT = 'codehost:acme/api';
const EMPTY = 'codehost:acme/empty';
const PICK = `workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;
const PHRASE = '"duplicate invoices" -staging';
const SCRIPT_TEXT = "Never copy <script>alert('x')</script> from customer notes into invoice PDFs";
const ids: Record<string, string> = {};

const CONVERSATION = {
  id: 'billing-sync-1',
  title: 'Billing sync',
  created_at: '2026-11-20T10:00:00Z',
  messages: [
    {
      role: 'user',
      content: 'After the deploy the nightly job ran twice and sent duplicate invoices to Pro customers.',
      timestamp: '2026-11-20T10:01:00Z',
    },
    {
      role: 'assistant',
      content: 'The invoice job now takes an advisory lock, so duplicate invoices cannot go out again.',
      timestamp: '2026-11-20T10:02:00Z',
    },
    {
      role: 'user',
      content: 'We still see duplicate invoices in staging, only for the test tenant.',
      timestamp: '2026-11-20T10:03:00Z',
    },
    {
      role: 'tool',
      content: 'deploy log: billing-api v2.14.0 rolled out to 2/2 replicas',
      timestamp: '2026-11-20T10:04:00Z',
    },
  ],
};

const ok = async (res: Promise<{ status: number; json: unknown }>, status = 201) => {
  const done = await res;
  expect(done.status, JSON.stringify(done.json)).toBe(status);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return done.json as any;
};

const remember = async (type: string, content: string, metadata?: Record<string, unknown>) =>
  (
    await ok(
      ui.call('POST', '/v1/memories', adminKey, {
        workspace_key: WS,
        project_key: PROJECT,
        type,
        content,
        ...(metadata ? { metadata } : {}),
      }),
    )
  ).id as string;

/** A transcript uploaded as a multipart form, as a script would, then parsed into raw messages. */
async function importTranscript(): Promise<void> {
  const form = new FormData();
  form.append('workspace_key', WS);
  form.append('project_key', PROJECT);
  form.append('source', 'agent_json_export');
  form.append('file', new Blob([JSON.stringify(CONVERSATION)]), 'sync.json');
  const res = await fetch(`${ui.baseUrl}/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: string };
  const parsed = await ok(ui.call('POST', `/v1/imports/${created.id}/parse`, adminKey), 200);
  expect(parsed.status).toBe('parsed');
}

const api = (path: string, query: Record<string, string>, key = adminKey) =>
  ui.call('GET', `${path}?${new URLSearchParams(query)}`, key);

const bundle = (query: Record<string, string>) =>
  api('/v1/context/bundle', { workspace_key: WS, project_key: PROJECT, mode: 'debug', ...query });

/** The snippets the page shows: each one's message id and text. */
const shownSnippets = async (page: Page) =>
  page
    .getByRole('list', { name: 'Snippets' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((li) => ({
        message_id: /rmsg_[0-9A-Z]+/.exec(li.querySelector('a')?.textContent ?? '')?.[0],
        snippet: li.querySelector('p.snippet')?.textContent,
      })),
    );

/** The Markdown bundle the page shows, as text. */
const shownMarkdown = (page: Page) => page.getByTestId('bundle-markdown').textContent();

beforeAll(async () => {
  ui = await startUi();
  adminKey = (await (await fetch(ui.firstLink, { headers: { accept: 'application/json' } })).json())
    .api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: WS }));
  for (const key of [PROJECT, EMPTY]) {
    await ok(ui.call('POST', `/v1/workspaces/${WS}/projects`, adminKey, { key }));
  }
  await importTranscript();
  await remember('summary', 'Billing API: invoices, payments and the nightly invoice job.');
  ids.script = await remember('constraint', SCRIPT_TEXT);
  for (let i = 1; i <= 10; i++)
    await remember(
      'decision',
      `Decision ${i}: invoice batches of tenant group ${i} are signed and archived weekly`,
    );
  for (let i = 1; i <= 6; i++)
    await remember(
      'constraint',
      `Constraint ${i}: invoice numbers of region ${i} stay gapless across the year`,
    );
  ids.site = await remember('decision', 'The customer site renders invoices from cached PDFs only', {
    subpath: 'apps/site',
  });

  // A project reader, below the workspace's raw_access_min_role (writer).
  const email = 'reader@example.com';
  const user = await ok(ui.call('POST', '/v1/users', adminKey, { email }));
  await ok(ui.call('POST', `/v1/workspaces/${WS}/members`, adminKey, { email, role: 'member' }));
  await ok(
    ui.call('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, adminKey, {
      workspace_key: WS,
      email,
      role: 'reader',
    }),
  );
  const reset = await ok(ui.call('POST', `/v1/users/${user.id}/api-keys/reset`, adminKey), 200);
  const linkPath = new URL(reset.one_time_url).pathname;
  readerKey = (
    await (await fetch(`${ui.baseUrl}${linkPath}`, { headers: { accept: 'application/json' } })).json()
  ).api_key as string;
}, 120_000);
afterAll(async () => ui?.close());

describe('raw snippets', () => {
  it('searches with a phrase and an excluded word, opens one message, and both are in the audit log', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/raw');
    await page.getByText('Choose a workspace and a project to search its transcripts.').waitFor();
    await page.getByText('Every search and every opened message is recorded').waitFor();
    await checkPage(page, 'raw-no-project');

    await page.getByLabel('Workspace').selectOption(WS);
    await page.getByLabel('Project').selectOption(PROJECT);
    await page.getByText('Raw snippets need the project role writer or higher').waitFor();
    await page.getByLabel('Search transcripts').fill(PHRASE);
    const answered = page.waitForResponse((r) => r.url().includes('/v1/raw/search'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const requestId = (await answered).headers()['x-request-id'];
    await page.getByRole('list', { name: 'Snippets' }).waitFor();

    const expected = (
      await ok(api('/v1/raw/search', { workspace_key: WS, project_key: PROJECT, q: PHRASE }), 200)
    ).items as Array<{ message_id: string; snippet: string; role: string }>;
    expect(expected.map((i) => i.role).sort()).toEqual(['assistant', 'user']);
    expect(expected.some((i) => i.snippet.includes('staging'))).toBe(false);
    await expect
      .poll(() => shownSnippets(page))
      .toEqual(expected.map((i) => ({ message_id: i.message_id, snippet: i.snippet })));
    expect(new URL(page.url()).searchParams.get('q')).toBe(PHRASE);
    await checkPage(page, 'raw-search');

    // The search, as the server recorded it: the browser's own request, its words and count.
    const log = await ok(api('/v1/audit-logs', { workspace_key: WS, action_prefix: 'raw.' }), 200);
    const entry = log.items.find((e: { request_id: string }) => e.request_id === requestId);
    expect(entry).toMatchObject({ action: 'raw.search', target: { params: { q: PHRASE, count: 2 } } });

    // One message, centred on the words, at its own address.
    const first = expected[0]!;
    await page.getByRole('link', { name: `Open message ${first.message_id}` }).click();
    await page.getByRole('heading', { name: 'Raw message' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/raw/${first.message_id}`);
    const viewed = await ok(
      api(`/v1/raw/messages/${first.message_id}`, { workspace_key: WS, q: PHRASE, max_chars: '1500' }),
      200,
    );
    await expect.poll(() => page.getByTestId('raw-message-text').textContent()).toBe(viewed.snippet);
    await checkPage(page, 'raw-message');
    const views = await ok(api('/v1/audit-logs', { workspace_key: WS, action_prefix: 'raw.view' }), 200);
    expect(views.items.map((e: { target: { id: string } }) => e.target.id)).toContain(first.message_id);

    // Back, and a reload: the same search from the address.
    await page.getByRole('link', { name: 'Back to the search' }).click();
    await page.getByRole('list', { name: 'Snippets' }).waitFor();
    await page.reload();
    await expect
      .poll(() => shownSnippets(page))
      .toEqual(expected.map((i) => ({ message_id: i.message_id, snippet: i.snippet })));
    expect(await page.getByLabel('Search transcripts').inputValue()).toBe(PHRASE);

    // Nothing found: said so.
    await page.getByLabel('Search transcripts').fill('refund -invoice');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No message matches: try other words, or fewer of them.').waitFor();
    await checkPage(page, 'raw-empty');

    // A message that is not there (or not yours): the server's answer, as worded.
    await page.goto(`${ui.baseUrl}/admin/raw/rmsg_0NOSUCH?${PICK}`);
    const missing = await api('/v1/raw/messages/rmsg_0NOSUCH', { workspace_key: WS });
    expect(missing.status).toBe(404);
    const alert = page.getByRole('alert').filter({ hasText: 'The message cannot be shown' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(missing.json.error.message);
    await checkPage(page, 'raw-message-missing');
    await context.close();
  });

  it('shows a project reader why not and the server refusing them, without a search box', async () => {
    const refused = await api(
      '/v1/raw/search',
      { workspace_key: WS, project_key: PROJECT, q: 'invoices' },
      readerKey,
    );
    expect(refused.status).toBe(403);
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, readerKey, `/admin/raw?${PICK}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The server refuses raw snippets to you' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(refused.json.error.message);
    await page.getByText('Every search and every opened message is recorded').waitFor();
    expect(await page.getByRole('note').textContent()).toContain('Your role on this project: reader');
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await checkPage(page, 'raw-reader-narrow');
    await context.close();
  });
});

describe('context bundle', () => {
  it('previews the bundle as text with and without a query, a sub-path and a budget that drops items', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/bundle');
    await page.getByText('Choose a workspace and a project to preview its bundle.').waitFor();
    await page.getByLabel('Workspace').selectOption(WS);
    await page.getByLabel('Project').selectOption(PROJECT);
    await expect.poll(() => shownMarkdown(page)).toContain('# Project context:');

    // The default: everything fits; the memory holding markup is text, no element.
    const full = await ok(bundle({}), 200);
    expect(full.debug.token_budget.budget).toBe(2000);
    await expect.poll(() => page.getByTestId('bundle-dropped').textContent()).toBe('nothing');
    expect(await shownMarkdown(page)).toContain(SCRIPT_TEXT);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
    await checkPage(page, 'bundle-default');

    // A query adds what recall finds.
    await page.getByLabel('Working on (q, optional)').fill('cached PDFs');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => shownMarkdown(page)).toContain('## Relevant to "cached PDFs"');
    expect(await shownMarkdown(page)).toContain('The customer site renders invoices from cached PDFs only');
    const withQ = await ok(bundle({ q: 'cached PDFs' }), 200);
    const retrieval = page.getByRole('row').filter({ hasText: 'Relevant to the query' });
    await expect
      .poll(() => retrieval.getByRole('cell').nth(3).textContent())
      .toBe(String(withQ.debug.token_budget.sections.retrieval.items));
    expect(withQ.debug.token_budget.sections.retrieval.items).toBeGreaterThan(0);

    // A sub-path without a query: its memory leads the decisions.
    await page.getByLabel('Working on (q, optional)').fill('');
    await page.getByLabel('Sub-path (optional)').fill('apps/site');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => shownMarkdown(page)).not.toContain('## Relevant to');
    await expect
      .poll(async () => (await shownMarkdown(page))?.split('## Decisions\n')[1]?.split('\n')[0])
      .toContain('The customer site renders invoices from cached PDFs only');
    await page
      .getByRole('definition')
      .filter({ hasText: /^apps\/site$/ })
      .waitFor();
    expect((await ok(bundle({ current_subpath: 'apps/site' }), 200)).debug.current_subpath).toBe('apps/site');

    // A small budget drops items: the table says which sections lost how many.
    await page.getByLabel('Sub-path (optional)').fill('');
    await page.getByLabel('Budget (tokens)').fill('500');
    await page.getByRole('button', { name: 'Preview' }).click();
    const small = (await ok(bundle({ budget: '500' }), 200)).debug.token_budget;
    const dropped = Object.values(small.sections as Record<string, { dropped: number }>).reduce(
      (sum, s) => sum + s.dropped,
      0,
    );
    expect(dropped).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('bundle-dropped').textContent())
      .toBe(`${dropped} item${dropped === 1 ? '' : 's'}`);
    const decisions = page.getByRole('row').filter({ hasText: 'Decisions' });
    expect(await decisions.getByRole('cell').nth(4).textContent()).toBe(
      String(small.sections.top_decisions.dropped),
    );
    // The Markdown is the bundle the table measures: as many decisions as it kept.
    const bullets = (await shownMarkdown(page))?.split('## Decisions\n')[1]?.split('\n\n')[0]?.split('\n');
    expect(bullets?.filter((l) => l.startsWith('- '))).toHaveLength(small.sections.top_decisions.items);
    expect(new URL(page.url()).searchParams.get('budget')).toBe('500');
    await checkPage(page, 'bundle-small-budget');

    // A budget below the API's bounds, from a hand-made address: the server's refusal, as worded.
    await page.goto(`${ui.baseUrl}/admin/bundle?${PICK}&budget=100`);
    const tooSmall = await api('/v1/context/bundle', {
      workspace_key: WS,
      project_key: PROJECT,
      budget: '100',
    });
    expect(tooSmall.status).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: 'The bundle could not be built' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(tooSmall.json.error.message);
    await checkPage(page, 'bundle-refused');
    await context.close();
  });

  it('opens a shared link of a preview as it was, also for a project reader, 390 px wide', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, readerKey, `/admin/bundle?${PICK}&q=cached+PDFs&budget=600`);
    await expect.poll(() => shownMarkdown(page)).toContain('## Relevant to "cached PDFs"');
    expect(await page.getByLabel('Budget (tokens)').inputValue()).toBe('600');
    expect(await page.getByLabel('Working on (q, optional)').inputValue()).toBe('cached PDFs');
    const answer = await ok(bundle({ q: 'cached PDFs', budget: '600' }), 200);
    await expect
      .poll(() =>
        page.getByRole('row').filter({ hasText: 'Constraints' }).getByRole('cell').nth(3).textContent(),
      )
      .toBe(String(answer.debug.token_budget.sections.top_constraints.items));
    await checkPage(page, 'bundle-reader-narrow');
    await context.close();
  });
});
