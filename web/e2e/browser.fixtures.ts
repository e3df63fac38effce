import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPglite } from '../../src/platform/db/client.ts';
import type { Database } from '../../src/platform/db/database.ts';
import {
  generatedSecretsEnv,
  startServer,
  waitFor,
  type ServerProcess,
} from '../../src/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../src/test/test-database.ts';

/** Where screenshots go (.ci-out/ is not committed; CI keeps it). */
const SHOTS = fileURLToPath(new URL('../../.ci-out/screenshots/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Debian's Chromium (or another Chromium-like browser) found on PATH; CI installs it with apt. */
function chromiumOnPath(): string {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // not this one
    }
  }
  throw new Error('No Chromium on PATH: install Debian\'s "chromium" package (apt-get install chromium)');
}

export interface UiServer {
  server: ServerProcess;
  baseUrl: string;
  /** The first-start one-time link, as the server printed it (not opened). */
  firstLink: string;
  browser: Browser;
  /** A fresh browser profile (its own cookies) at 1280×800, or `width` wide. */
  newPage(width?: number): Promise<{ context: BrowserContext; page: Page }>;
  /** Calls the API with a key, as a script would (the answer read loosely, as tests read res.json()). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: any }>;
  /**
   * Stops the server (SIGTERM) and starts it again on the same data, after `between` has run on its
   * database while it was down. It listens on another port: `baseUrl` and `server` are the new one's.
   */
  restart(between?: (db: Database) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real `ctxhub serve` (compiled, on a fresh data directory, or a fresh PostgreSQL database when
 * DATABASE_URL is set) and a headless Chromium driving its Admin UI.
 */
export async function startUi(env: Record<string, string> = {}): Promise<UiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-ui-'));
  let database: TestDatabase | undefined;
  let serverEnv: Record<string, string> = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info', ...env };
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
    serverEnv = { ...serverEnv, DATABASE_URL: database.url ?? '', ...generatedSecretsEnv() };
  }
  let server = await startServer(serverEnv, 300_000);
  // The server was asked for any free port: the link it printed names port 0, its address is the path.
  const linkPath = await waitFor(
    () => /http:\/\/\S+(\/v1\/api-keys\/one-time\/\S+)/.exec(server.output())?.[1],
    30_000,
  );
  if (!linkPath) throw new Error(`no one-time link printed:\n${server.output()}`);
  const firstLink = `${server.baseUrl}${linkPath}`;
  const browser = await chromium.launch({
    executablePath: chromiumOnPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const stop = async () => {
    server.proc.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
    server.proc.kill('SIGKILL');
  };
  return {
    get server() {
      return server;
    },
    get baseUrl() {
      return server.baseUrl;
    },
    firstLink,
    browser,
    async newPage(width = 1280) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async call(method, path, key, body) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    },
    async restart(between) {
      await stop();
      if (between) {
        const db = database ?? (await openPglite(join(dataDir, 'pglite')));
        try {
          await between(db);
        } finally {
          if (!database) await db.close();
        }
      }
      server = await startServer(serverEnv, 300_000);
    },
    async close() {
      await browser.close().catch(() => undefined);
      await stop();
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in on the sign-in page with a key; resolves on the overview. */
export async function signIn(page: Page, baseUrl: string, key: string, path = '/admin/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/**
 * Holds back the page's requests whose address matches `url` until the returned `release` is
 * called; `release` then waits until `loaded` is seen in the page and lets such requests through
 * again.
 */
export async function holdBack(page: Page, url: RegExp): Promise<(loaded: Locator) => Promise<void>> {
  let open = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return async (loaded) => {
    open();
    await loaded.waitFor({ state: 'attached' });
    await page.unroute(url);
  };
}

/**
 * Runs axe-core in the page: no serious or critical accessibility violation. A screenshot named
 * `name` goes to .ci-out/screenshots/.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  // Once per document: the UI moves between its pages without reloading, and axe stays loaded.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(ctx: Document): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations, `accessibility of ${name}`).toEqual([]);
}
