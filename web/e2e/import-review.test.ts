import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_TYPES } from '../../src/modules/tenancy/memory-vocabulary.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The bulk review of an import in a real Chromium against a real server: deselect one type,
 * select none, select one type (each one request to POST …/staged/select, each one audit entry),
 * commit as confirmed as a maintainer and what the API then holds; a project writer's view (no
 * "Commit as confirmed"; the server refuses it anyway, nothing committed) and a bulk selection
 * the server refuses, shown verbatim.
 */
let ui: UiServer;
let adminKey: string;
let writerKey: string;
const WS = 'acme';
const PROJECT = 'codehost:acme/billing';

interface Staged {
  id: string;
  type: string;
  content: string;
  selected: boolean;
  memory_id: string | null;
}

/** A session whose statements are of several memory types (decisions, rules, problems, caveats). */
const session = (id: string, statements: string[]) =>
  statements.map((text, n) => ({
    type: n % 2 ? 'assistant' : 'user',
    sessionId: id,
    uuid: `${id}-${n}`,
    timestamp: `2026-02-0${n + 1}T10:00:00Z`,
    message: { role: n % 2 ? 'assistant' : 'user', content: text },
  }));

const REVIEWED = session('review', [
  'We decided to send payment reminders from a nightly job instead of the web request.',
  'We decided to keep reminder templates in the database so support can edit them.',
  'Reminder e-mails must never include the full card number.',
  'Reminders must always be sent in the customer locale.',
  'The root cause is that the scheduler ran the reminder job twice after a deploy.',
  'Note that the payment provider rate-limits reminder lookups to ten per second.',
]);
const FOR_WRITER = session('writer', [
  'We decided to archive paid invoices after thirty days in cold storage.',
  'Archived invoices must never be deleted before the legal retention ends.',
  'The root cause is that the archive job skipped invoices with credit notes.',
]);

const api = (method: string, path: string, body?: unknown, key = adminKey) =>
  ui.call(method, path, key, body);
const stagedOf = async (id: string) =>
  (await api('GET', `/v1/imports/${id}/staged?limit=200`)).json.items as Staged[];
const rows = (page: Page) => page.getByRole('list', { name: 'Staged memories' }).getByRole('listitem');
/** Whether each staged memory's box is checked, in the list's order. */
const boxes = (page: Page) =>
  rows(page)
    .getByRole('checkbox')
    .evaluateAll((all) => all.map((b) => (b as HTMLInputElement).checked));
/** The review's count line: "2 of 6 waiting memories are selected". */
const waiting = (selected: number, open: number) =>
  `${selected} of ${open} waiting ${open === 1 ? 'memory is' : 'memories are'} selected`;
const detailPath = (id: string) =>
  `/admin/imports/${id}?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;

/** Uploads a session as the admin and runs parse and extract: the import's id. */
async function extracted(name: string, lines: unknown[]): Promise<string> {
  const form = new FormData();
  form.append('workspace_key', WS);
  form.append('project_key', PROJECT);
  form.append('source', 'agent_jsonl');
  form.append('file', new Blob([lines.map((l) => JSON.stringify(l)).join('\n') + '\n']), name);
  const res = await fetch(`${ui.baseUrl}/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  for (const step of ['parse', 'extract'])
    expect((await api('POST', `/v1/imports/${id}/${step}`, {})).status).toBe(200);
  return id;
}

/** The import's audit entries of one action, oldest first. */
const entriesOf = async (id: string, action: string) =>
  (
    (await api('GET', `/v1/audit-logs?workspace_key=${WS}&action_prefix=${action}&limit=200`)).json
      .items as Array<{
      action: string;
      target: { id: string; params: Record<string, unknown> };
    }>
  )
    .filter((e) => e.action === action && e.target.id === id)
    .reverse();

beforeAll(async () => {
  ui = await startUi();
  adminKey = (await (await fetch(ui.firstLink, { headers: { accept: 'application/json' } })).json())
    .api_key as string;
  expect((await api('POST', '/v1/workspaces', { workspace_key: WS })).status).toBe(201);
  expect((await api('POST', `/v1/workspaces/${WS}/projects`, { key: PROJECT })).status).toBe(201);
  const email = 'writer@example.com';
  const user = await api('POST', '/v1/users', { email });
  expect((await api('POST', `/v1/workspaces/${WS}/members`, { email, role: 'member' })).status).toBe(201);
  const added = await api('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, {
    workspace_key: WS,
    email,
    role: 'writer',
  });
  expect(added.status).toBe(201);
  const reset = await api('POST', `/v1/users/${user.json.id}/api-keys/reset`);
  const linkPath = new URL(reset.json.one_time_url).pathname;
  writerKey = (
    await (await fetch(`${ui.baseUrl}${linkPath}`, { headers: { accept: 'application/json' } })).json()
  ).api_key as string;
}, 120_000);
afterAll(async () => ui?.close());

describe('import review in bulk', () => {
  it('deselects a type, selects none, selects a type, then commits as confirmed', async () => {
    const id = await extracted('reminders.jsonl', REVIEWED);
    const staged = await stagedOf(id);
    const types = [...new Set(staged.map((s) => s.type))];
    expect(types.length, JSON.stringify(staged)).toBeGreaterThanOrEqual(2);
    const [offType, onType] = types as [string, string];
    const ofType = (t: string) => staged.filter((s) => s.type === t).map((s) => s.id);

    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, detailPath(id));
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(staged.length);
    expect(
      await page
        .getByLabel('By type')
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(MEMORY_TYPES.filter((t) => types.includes(t)));

    // Deselect one type: exactly its staged memories change.
    await page.getByLabel('By type').selectOption(offType);
    await page.getByRole('button', { name: 'Deselect this type' }).click();
    await page
      .getByText(new RegExp(`^Deselect [A-Za-z ]+: deselected ${ofType(offType).length}\\. Now selected: `))
      .waitFor();
    expect((await stagedOf(id)).filter((s) => !s.selected).map((s) => s.id)).toEqual(ofType(offType));
    expect(await boxes(page)).toEqual(staged.map((s) => s.type !== offType));
    await checkPage(page, 'import-review-bulk');

    // Select none, then one type: only that type is left selected.
    await page.getByRole('button', { name: 'Select none' }).click();
    await page.getByText(`Select none: deselected ${staged.length - ofType(offType).length}.`).waitFor();
    expect((await stagedOf(id)).every((s) => !s.selected)).toBe(true);
    await page.getByLabel('By type').selectOption(onType);
    await page.getByRole('button', { name: 'Select this type', exact: true }).click();
    await page.getByText(new RegExp(`^Select [A-Za-z ]+: selected ${ofType(onType).length}\\.`)).waitFor();
    expect((await stagedOf(id)).filter((s) => s.selected).map((s) => s.id)).toEqual(ofType(onType));
    await page.getByText(waiting(ofType(onType).length, staged.length)).waitFor();
    expect(await boxes(page)).toEqual(staged.map((s) => s.type === onType));

    // One request, one audit entry each; no one-by-one edits.
    expect((await entriesOf(id, 'import.staged_selected')).map((e) => e.target.params)).toEqual([
      expect.objectContaining({
        selected: false,
        by: 'types',
        types: [offType],
        changed: ofType(offType).length,
      }),
      expect.objectContaining({
        selected: false,
        by: 'all',
        changed: staged.length - ofType(offType).length,
      }),
      expect.objectContaining({
        selected: true,
        by: 'types',
        types: [onType],
        changed: ofType(onType).length,
      }),
    ]);
    expect(await entriesOf(id, 'import.staged_updated')).toEqual([]);

    await page.setViewportSize({ width: 390, height: 800 });
    await checkPage(page, 'import-review-bulk-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A maintainer (here the workspace's owner) may commit them as confirmed.
    await page.getByRole('button', { name: 'Commit as confirmed' }).click();
    const committedList = page.getByRole('list', { name: 'Committed memories' });
    await expect.poll(() => committedList.getByRole('listitem').count()).toBe(ofType(onType).length);
    const after = await stagedOf(id);
    const memoryIds = after.filter((s) => s.memory_id).map((s) => s.memory_id);
    expect(after.filter((s) => s.memory_id).map((s) => s.id)).toEqual(ofType(onType));
    for (const memoryId of memoryIds)
      expect((await api('GET', `/v1/memories/${memoryId}`)).json).toMatchObject({
        status: 'confirmed',
        source: 'import',
      });
    expect((await entriesOf(id, 'import.committed'))[0]?.target.params).toMatchObject({
      status: 'confirmed',
    });
    await page.getByText(waiting(0, staged.length - ofType(onType).length)).waitFor();
    await checkPage(page, 'import-review-committed-confirmed');
    await context.close();
  });

  it('shows a project writer no confirmed commit (the server refuses it anyway) and a refused selection verbatim', async () => {
    const id = await extracted('archive.jsonl', FOR_WRITER);
    const staged = await stagedOf(id);
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, writerKey, detailPath(id));
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByRole('button', { name: 'Commit selected' }).waitFor();
    expect(await page.getByRole('button', { name: 'Commit as confirmed' }).count()).toBe(0);
    await page.getByText('for a maintainer to confirm').waitFor();
    await checkPage(page, 'import-review-writer-narrow');

    const status = await page.evaluate(async (importId) => {
      const s = (await (await fetch('/v1/session')).json()) as { csrf_token: string };
      const res = await fetch(`/v1/imports/${importId}/commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrf_token },
        body: JSON.stringify({ status: 'confirmed' }),
      });
      return res.status;
    }, id);
    expect(status).toBe(403);
    expect(await stagedOf(id)).toEqual(staged);

    // The workspace now asks maintainers for imports: the writer's page still offers the buttons,
    // the server refuses, and its words are shown.
    expect((await api('PATCH', `/v1/workspaces/${WS}`, { raw_access_min_role: 'maintainer' })).status).toBe(
      200,
    );
    try {
      await page.getByRole('button', { name: 'Select none' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'The selection was refused' });
      await refusal.waitFor();
      const direct = await api(
        'POST',
        `/v1/imports/${id}/staged/select`,
        { selected: false, all: true },
        writerKey,
      );
      expect(direct.status).toBe(403);
      expect(await refusal.textContent()).toContain(direct.json.error.message);
      expect(await stagedOf(id)).toEqual(staged);
      await checkPage(page, 'import-review-selection-refused');
    } finally {
      expect((await api('PATCH', `/v1/workspaces/${WS}`, { raw_access_min_role: 'writer' })).status).toBe(
        200,
      );
    }

    // Back to writers: the writer's own commit makes drafts.
    await page.getByRole('button', { name: 'Commit selected' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Committed memories' }).getByRole('listitem').count())
      .toBe(staged.length);
    for (const s of await stagedOf(id))
      expect((await api('GET', `/v1/memories/${s.memory_id ?? ''}`)).json.status).toBe('draft');
    await context.close();
  });
});
