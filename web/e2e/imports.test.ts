import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Imports section in a real Chromium against a real server: an upload by the file field and
 * one by a drop (the progress bar reaching done, the source guessed from the extension), parse and
 * extract, the review (select none and all, deselect one, correct one's type and text), commit and
 * what the API then holds, a step out of order refused verbatim, a deletion after a confirmation,
 * and a project reader's view without the upload.
 */
let ui: UiServer;
let adminKey: string;
let dir: string;
let transcript: string;
const WS = 'acme';
const PROJECT = 'codehost:acme/api';
const LIST = `/admin/imports?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;

/** The README's example session, with a few more statements so that several memories are staged. */
const SESSION = [
  {
    type: 'user',
    sessionId: 's1',
    uuid: 'u1',
    timestamp: '2026-01-12T09:00:00Z',
    message: { role: 'user', content: 'Why do invoice PDFs show the wrong date?' },
  },
  {
    type: 'assistant',
    sessionId: 's1',
    uuid: 'u2',
    timestamp: '2026-01-12T09:01:00Z',
    message: {
      role: 'assistant',
      content: [
        {
          type: 'text',
          text:
            "The renderer used the server time zone. We decided to render invoice dates in the customer's time zone. " +
            "Never format dates with the server's local time.\n\n" +
            '- We decided to use PostgreSQL advisory locks keyed by customer id for the invoice runs.\n' +
            '- Amounts must be stored as integer cents, never as floats.\n' +
            '- The root cause is that two workers can pick the same invoice run at once.',
        },
      ],
    },
  },
];

const api = (method: string, path: string, body?: unknown) => ui.call(method, path, adminKey, body);
const rowsOf = (page: Page) => page.getByRole('table', { name: 'Imports' }).locator('tbody tr');
const staged = (page: Page) => page.getByRole('list', { name: 'Staged memories' }).getByRole('listitem');

beforeAll(async () => {
  ui = await startUi();
  adminKey = (await (await fetch(ui.firstLink, { headers: { accept: 'application/json' } })).json())
    .api_key as string;
  expect((await api('POST', '/v1/workspaces', { workspace_key: WS })).status).toBe(201);
  for (const key of [PROJECT, 'codehost:acme/empty'])
    expect((await api('POST', `/v1/workspaces/${WS}/projects`, { key })).status).toBe(201);
  dir = mkdtempSync(join(tmpdir(), 'ctxhub-import-ui-'));
  transcript = join(dir, 'session.jsonl');
  writeFileSync(transcript, SESSION.map((line) => JSON.stringify(line)).join('\n') + '\n');
}, 120_000);
afterAll(async () => {
  await ui?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('imports', () => {
  it('uploads by the file field and by a drop, refuses a step out of order verbatim, deletes after a confirmation', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/imports');
    await page.getByText('Choose a workspace and a project to see its imports.').waitFor();
    await checkPage(page, 'imports-no-project');
    await page.getByLabel('Workspace').selectOption(WS);
    await page.getByLabel('Project').selectOption('codehost:acme/empty');
    await page.getByText('No imports in this project yet: upload a transcript above.').waitFor();
    await checkPage(page, 'imports-empty');

    // The file field: the source is guessed from .jsonl, the bar reaches done.
    await page.getByLabel('Project').selectOption(PROJECT);
    // The form for the newly chosen project (the previous one's goes when the choice changes).
    await page.getByRole('heading', { name: `Upload a transcript to ${PROJECT}` }).waitFor();
    await page.getByLabel('File (choose one, or drop it here)').setInputFiles(transcript);
    await page.getByText('Chosen: session.jsonl').waitFor();
    expect(await page.getByLabel('Source').inputValue()).toBe('agent_jsonl');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/^Done: .* sent\.$/).waitFor();
    expect(await page.getByLabel('Upload progress').getAttribute('value')).toBe('100');
    const uploaded = page.getByRole('status', { name: 'Uploaded' });
    const firstId = /imp_[0-9A-Z]+/.exec((await uploaded.getByRole('link').textContent()) ?? '')?.[0] ?? '';
    expect((await api('GET', `/v1/imports/${firstId}`)).json).toMatchObject({
      status: 'uploaded',
      source: 'agent_jsonl',
      file_name: 'session.jsonl',
    });
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    await checkPage(page, 'imports-uploaded');

    // A drop onto the zone (a DataTransfer, as a browser makes it): .md is read as text.
    await page.evaluate(() => {
      const data = new DataTransfer();
      const text = '# Notes\n\nWe decided to keep the changelog in docs/changes.md for every release.\n';
      data.items.add(new File([text], 'notes.md', { type: 'text/markdown' }));
      const zone = document.querySelector('[data-testid="drop-zone"]');
      zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await page.getByText('Chosen: notes.md').waitFor();
    expect(await page.getByLabel('Source').inputValue()).toBe('text');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/^Done: .* sent\.$/).waitFor();
    await expect.poll(() => rowsOf(page).count()).toBe(2);
    const listed = await api(
      'GET',
      `/v1/imports?workspace_key=${WS}&project_key=${encodeURIComponent(PROJECT)}`,
    );
    expect(listed.json.items.map((i: { file_name: string }) => i.file_name)).toEqual([
      'notes.md',
      'session.jsonl',
    ]);
    const dropped = listed.json.items[0];
    expect(dropped.source).toBe('text');

    // A reload keeps the project, so a shared link opens the same list.
    await page.reload();
    await expect.poll(() => rowsOf(page).count()).toBe(2);

    // The page still offers Parse, but the import was parsed meanwhile: the server's 409, verbatim.
    await rowsOf(page).first().getByRole('link', { name: 'notes.md' }).click();
    await page.getByRole('heading', { name: 'Import of notes.md' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/imports/${dropped.id}`);
    expect((await api('POST', `/v1/imports/${dropped.id}/parse`, {})).status).toBe(200);
    await page.getByRole('button', { name: 'Parse' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The parse step was refused' });
    await refusal.waitFor();
    const again = await api('POST', `/v1/imports/${dropped.id}/parse`, {});
    expect(again.status).toBe(409);
    expect(await refusal.textContent()).toContain(again.json.error.message);
    // The import is read again: now Extract is offered.
    await page.getByRole('button', { name: 'Extract' }).waitFor();
    await checkPage(page, 'import-step-refused');

    await page.getByRole('button', { name: 'Delete import' }).click();
    await page
      .getByText(
        'Delete this import, its raw sessions and staged memories? Memories already committed from it stay.',
      )
      .waitFor();
    await checkPage(page, 'import-delete-confirm');
    await page
      .getByRole('group', { name: 'Delete import' })
      .getByRole('button', { name: 'Delete import' })
      .click();
    await page.getByText(`Import ${dropped.id} was deleted. Memories committed from it stay.`).waitFor();
    expect((await api('GET', `/v1/imports/${dropped.id}`)).status).toBe(404);
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    await context.close();
  });

  it('parses, extracts, reviews (deselect one, correct one) and commits exactly the selected ones', async () => {
    const listed = await api(
      'GET',
      `/v1/imports?workspace_key=${WS}&project_key=${encodeURIComponent(PROJECT)}`,
    );
    // The previous test's upload of session.jsonl (its other import was deleted there).
    expect(listed.json.items.map((i: { file_name: string }) => i.file_name)).toEqual(['session.jsonl']);
    const id = listed.json.items[0].id as string;
    const { context, page } = await ui.newPage();
    await signIn(
      page,
      ui.baseUrl,
      adminKey,
      `/admin/imports/${id}?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`,
    );
    await page.getByRole('heading', { name: 'Import of session.jsonl' }).waitFor();
    await page.getByRole('button', { name: 'Parse' }).click();
    await page.getByRole('button', { name: 'Extract' }).click();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    const stagedApi = (await api('GET', `/v1/imports/${id}/staged`)).json.items as Array<{
      id: string;
      content: string;
      type: string;
    }>;
    expect(stagedApi.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => staged(page).count()).toBe(stagedApi.length);
    expect((await api('GET', `/v1/imports/${id}`)).json.status).toBe('extracted');
    await checkPage(page, 'import-review');

    // Select none, then all: one request each (POST …/staged/select), the outcome said.
    await page.getByRole('button', { name: 'Select none' }).click();
    await page.getByText(`Select none: deselected ${stagedApi.length}.`).waitFor();
    expect(
      (await api('GET', `/v1/imports/${id}/staged`)).json.items.every(
        (s: { selected: boolean }) => !s.selected,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByText(`Select all: selected ${stagedApi.length}.`).waitFor();

    // Deselect the second; correct the first's type and text.
    const [first, second] = stagedApi;
    if (!first || !second) throw new Error('two staged memories expected');
    await staged(page).nth(1).getByRole('checkbox').uncheck();
    await expect
      .poll(async () => (await api('GET', `/v1/imports/${id}/staged`)).json.items[1].selected)
      .toBe(false);
    const edited = 'Invoice dates are rendered in the customer time zone, never the server one';
    await staged(page).nth(0).getByRole('button', { name: 'Edit' }).click();
    await staged(page).nth(0).getByLabel('Type').selectOption('caveat');
    await staged(page).nth(0).getByLabel('Text').fill(edited);
    await staged(page).nth(0).getByRole('button', { name: 'Save' }).click();
    await staged(page).nth(0).getByText(edited).waitFor();
    await checkPage(page, 'import-review-edited');
    await page.setViewportSize({ width: 390, height: 800 });
    await checkPage(page, 'import-review-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Commit selected' }).click();
    const committedList = page.getByRole('list', { name: 'Committed memories' });
    await expect.poll(() => committedList.getByRole('listitem').count()).toBe(stagedApi.length - 1);
    const memories = (
      await api('GET', `/v1/memories?workspace_key=${WS}&project_key=${encodeURIComponent(PROJECT)}&limit=50`)
    ).json.items as Array<{ id: string; content: string; type: string; source: string }>;
    const expected = [edited, ...stagedApi.slice(2).map((s) => s.content)].sort();
    expect(memories.map((m) => m.content).sort()).toEqual(expected);
    expect(memories.find((m) => m.content === edited)?.type).toBe('caveat');
    expect(memories.some((m) => m.content === second.content)).toBe(false);
    expect((await api('GET', `/v1/imports/${id}`)).json.status).toBe('committed');
    await checkPage(page, 'import-committed');

    // Each committed memory links to its page in the Memories section.
    const editedMemory = memories.find((m) => m.content === edited);
    await committedList.getByRole('link', { name: editedMemory?.id ?? '' }).click();
    await page.getByRole('heading', { name: 'Memory', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/memories/${editedMemory?.id ?? ''}`);
    await context.close();
  });

  it('shows a project reader why there is no upload, and the server refuses one anyway', async () => {
    const email = 'reader@example.com';
    const user = await api('POST', '/v1/users', { email });
    expect((await api('POST', `/v1/workspaces/${WS}/members`, { email, role: 'member' })).status).toBe(201);
    const added = await api('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, {
      workspace_key: WS,
      email,
      role: 'reader',
    });
    expect(added.status).toBe(201);
    const reset = await api('POST', `/v1/users/${user.json.id}/api-keys/reset`);
    const linkPath = new URL(reset.json.one_time_url).pathname;
    const readerKey = (
      await (await fetch(`${ui.baseUrl}${linkPath}`, { headers: { accept: 'application/json' } })).json()
    ).api_key as string;

    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, readerKey, LIST);
    await page.getByText('so this workspace lets only project writers or higher see or make them').waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await page.getByLabel('File (choose one, or drop it here)').count()).toBe(0);
    await checkPage(page, 'imports-reader-narrow');

    const status = await page.evaluate(
      async ({ ws, project }) => {
        const session = (await (await fetch('/v1/session')).json()) as { csrf_token: string };
        const form = new FormData();
        form.append('workspace_key', ws);
        form.append('project_key', project);
        form.append('source', 'text');
        form.append('file', new File(['We decided to upload as a reader.'], 'x.txt'));
        const res = await fetch('/v1/imports', {
          method: 'POST',
          headers: { 'x-csrf-token': session.csrf_token },
          body: form,
        });
        return res.status;
      },
      { ws: WS, project: PROJECT },
    );
    expect(status).toBe(403);
    await context.close();
  });
});
