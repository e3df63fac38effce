/** A real server whose code host app talks to a fake GitHub, with an admin and a member of `acme`. */
import { expect } from 'vitest';
import {
  makeRepos,
  startCodehostFake,
  testAppKeys,
  type CodehostFake,
} from '../../src/test/fakes/codehost-fake.ts';
import { startUi, type UiServer } from './browser.fixtures.ts';

const APP_ID = 4711;
export const INSTALLATION = 9001;
export const ACCOUNT = 'acme-org';
export const WEBHOOK_SECRET = 'e2e-webhook-secret';
const keys = testAppKeys();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

export interface CodehostUi {
  ui: UiServer;
  fake: CodehostFake;
  adminKey: string;
  /** bob's key, a plain member of `acme`. */
  memberKey: string;
  bobId: string;
  close(): Promise<void>;
}

/**
 * The fake (installation INSTALLATION of ACCOUNT with 119 selected repositories), a server with the
 * app configured against it, the first admin's key, workspace `acme` and its member bob.
 */
export async function startCodehostUi(): Promise<CodehostUi> {
  const fake = await startCodehostFake({
    appId: APP_ID,
    publicKeyPem: keys.publicKeyPem,
    installations: [
      {
        id: INSTALLATION,
        account: { login: ACCOUNT },
        repository_selection: 'selected',
        repositories: makeRepos(ACCOUNT, 119),
      },
    ],
  });
  const ui = await startUi({
    CODEHOST_APP_ID: String(APP_ID),
    // The PKCS#1 PEM GitHub hands out, base64 on one line as an env file holds it.
    CODEHOST_APP_PRIVATE_KEY: Buffer.from(keys.privateKeyPem).toString('base64'),
    CODEHOST_API_URL: fake.baseUrl,
    CODEHOST_APP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  const adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  const bob = await ok(ui.call('POST', '/v1/users', adminKey, { email: 'bob@example.com' }));
  const reset = await ok(ui.call('POST', `/v1/users/${bob.id}/api-keys/reset`, adminKey));
  const linkPath = new URL(reset.one_time_url).pathname;
  const memberKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: bob.id, role: 'member' }));
  return {
    ui,
    fake,
    adminKey,
    memberKey,
    bobId: bob.id as string,
    close: async () => {
      await ui.close();
      await fake.close();
    },
  };
}
