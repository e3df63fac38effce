/** A code host fake for a test file, the harness's app pointed at it, and the steps of connecting. */
import { createPrivateKey, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CodehostConfig } from '../../config/index.ts';
import {
  makeRepos,
  signWebhookBody,
  startCodehostFake,
  testAppKeys,
  type CodehostFake,
  type FakeRepo,
} from '../../test/fakes/codehost-fake.ts';
import type { Harness, TestUser } from '../../test/harness.ts';

const APP_ID = 777;
export const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const keys = testAppKeys();

/** Starts one fake before the file's tests (register it before useHarness) and stops it after. */
export function codehostFake() {
  const fake = { current: undefined as CodehostFake | undefined };
  beforeAll(async () => {
    fake.current = await startCodehostFake({ appId: APP_ID, publicKeyPem: keys.publicKeyPem });
  });
  afterAll(async () => {
    await fake.current?.close();
  });
  const get = () =>
    fake.current ??
    (() => {
      throw new Error('the fake starts in beforeAll');
    })();
  /** The harness configuration of an app whose API is the fake. */
  const config = (extra: Partial<CodehostConfig> = {}): { codehost: CodehostConfig } => ({
    codehost: {
      appId: APP_ID,
      privateKeyPem: createPrivateKey(keys.privateKeyPem).export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiUrl: get().baseUrl,
      appUrl: undefined,
      webhooksEnabled: true,
      webhookSecret: WEBHOOK_SECRET,
      stateSecret: 's'.repeat(43),
      ...extra,
    },
  });
  return { fake: get, config };
}

let nextInstallation = 1000;

/** A new installation at the fake, of `account`, reaching `repos` (default: 3 repositories). */
export function installAt(
  fake: CodehostFake,
  account: string,
  repos: FakeRepo[] = makeRepos(account, 3),
): number {
  const id = nextInstallation++;
  fake.addInstallation({
    id,
    account: { login: account },
    repository_selection: 'selected',
    repositories: repos,
  });
  return id;
}

/** The state of a fresh install link, asked for by `as` (a workspace admin). */
export async function installState(h: Harness, ws: string, as: TestUser): Promise<string> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/codehost/install-url`, { as });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL((res.json() as { install_url: string }).install_url);
  return url.searchParams.get('state') ?? '';
}

/** The code host sending its admin back: the callback with an installation and a state. */
export const callback = (
  h: Harness,
  installationId: number | string,
  state: string,
  headers: Record<string, string> = {},
) =>
  h.request('GET', '/v1/auth/codehost/callback', {
    query: { installation_id: String(installationId), state, setup_action: 'install' },
    headers,
  });

/** A workspace (alice admin, bob member) connected to a new installation reaching `repos`. */
export async function connectedWorkspace(
  h: Harness,
  fake: CodehostFake,
  users: { alice: TestUser; bob: TestUser },
  options: { repos?: FakeRepo[]; settings?: Parameters<Harness['workspace']>[1]; account?: string } = {},
) {
  const ws = await h.workspace(
    [
      [users.alice, 'admin'],
      [users.bob, 'member'],
    ],
    options.settings ?? {},
  );
  const account = options.account ?? h.uniq('org');
  const installationId = installAt(fake, account, options.repos ?? makeRepos(account, 3));
  const res = await callback(h, installationId, await installState(h, ws, users.alice));
  expect(res.statusCode, res.body).toBe(200);
  return { ws, installationId, account };
}

export interface DeliveryOptions {
  id?: string;
  signature?: string | null;
  raw?: string;
}

/** A delivery as the code host sends it: JSON body, event, delivery id and signature headers. */
export function deliverWebhook(h: Harness, event: string, body: object, options: DeliveryOptions = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': options.id ?? randomUUID(),
    'user-agent': 'GitHub-Hookshot/044aadd',
  };
  const signature =
    options.signature === undefined ? signWebhookBody(WEBHOOK_SECRET, raw) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return h.app.inject({ method: 'POST', url: '/v1/webhooks/codehost', headers, payload: raw });
}
