/** A code host fake per test, and a client that signs App JWTs with node:crypto on its own. */
import { sign } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import {
  makeRepos,
  startCodehostFake,
  testAppKeys,
  type CodehostFake,
  type CodehostFakeOptions,
} from './codehost-fake.ts';

export const APP_ID = 4242;
export const KEYS = testAppKeys();

/** Registers the closing of every fake it starts after each test; returns the starter. */
export function codehostScene(): { start(extra?: Partial<CodehostFakeOptions>): Promise<CodehostFake> } {
  const started: CodehostFake[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((fake) => fake.close()));
  });
  return {
    /** A fake with installation 1 (acme: 250 repositories) and 2 (globex: one repository). */
    async start(extra = {}) {
      const fake = await startCodehostFake({
        appId: APP_ID,
        publicKeyPem: KEYS.publicKeyPem,
        installations: [
          { id: 1, account: { login: 'acme' }, repositories: makeRepos('acme', 250) },
          {
            id: 2,
            account: { login: 'globex', type: 'User' },
            repositories: [{ full_name: 'globex/secret' }],
          },
        ],
        collaborators: {
          'acme/repo-0001': [
            { login: 'ada', permission: 'admin', email: 'ada@acme.test' },
            { login: 'mo', permission: 'maintain', team: 'platform' },
            { login: 'wes', permission: 'write' },
            { login: 'tri', permission: 'triage' },
            { login: 'rex', permission: 'read' },
          ],
        },
        ...extra,
      });
      started.push(fake);
      return fake;
    },
  };
}

/** An RS256 JWT signed here with node:crypto, independently of the fake's verifier. */
export function signJwt(claims: object, privateKeyPem = KEYS.privateKeyPem, alg = 'RS256'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg, typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), privateKeyPem).toString('base64url')}`;
}

export const nowS = () => Math.floor(Date.now() / 1000);
export const appJwt = (claims: object = {}) =>
  signJwt({ iat: nowS() - 60, exp: nowS() + 540, iss: APP_ID, ...claims });

export function call(
  fake: CodehostFake,
  path: string,
  authorization?: string,
  method = 'GET',
): Promise<Response> {
  return fetch(new URL(path, fake.baseUrl), { method, headers: authorization ? { authorization } : {} });
}

export async function mint(fake: CodehostFake, installationId: number): Promise<string> {
  const res = await call(
    fake,
    `/app/installations/${installationId}/access_tokens`,
    `Bearer ${appJwt()}`,
    'POST',
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

export interface RepoPage {
  total_count: number;
  repository_selection: string;
  repositories: Array<{ full_name: string; id: number; owner: { login: string } }>;
}
