import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CodehostStore, now } from './codehost-store.ts';
import { JWT_UNDECODABLE, checkAppJwt } from './codehost-jwt.ts';
import { RateLimits, requestId } from './codehost-rate.ts';
import { CodehostRoutes, type AuthedRequest, type Credential } from './codehost-routes.ts';
import { DOCS_URL, githubError, type FakeCollaborator, type FakeInstallation } from './codehost-shapes.ts';
import { closeServer, listenOnLoopback, send, type FakeReply } from './fake-server.ts';

export { generateAppKeyPair, signWebhookBody, testAppKeys, type AppKeyPair } from './codehost-keys.ts';
export { makeRepos, secondaryRateLimit } from './codehost-shapes.ts';
export type { FakeCollaborator, FakeInstallation, FakeRepo } from './codehost-shapes.ts';

export interface CodehostFakeOptions {
  appId: number;
  /** The App's public key (SPKI or PKCS#1 PEM): JWTs must be signed with its private half. */
  publicKeyPem: string;
  installations?: FakeInstallation[];
  /** Collaborators by repository full name (`owner/name`). */
  collaborators?: Record<string, FakeCollaborator[]>;
  /** The largest `per_page` honoured (GitHub: 100). */
  perPageMax?: number;
  /** Requests per hour per bucket before GitHub's 403 (GitHub: 5,000). */
  rateLimit?: number;
}

/** How a request authenticated: an App JWT, an installation token, nothing, or something refused. */
export type CodehostAuth = 'jwt' | 'token' | 'none' | 'invalid';

export interface CodehostCall {
  method: string;
  /** Still percent-encoded, as the client sent it. */
  path: string;
  query: Record<string, string>;
  auth: CodehostAuth;
}

const TOKEN_LIFETIME_MS = 3600_000;
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fake GitHub App's view of GitHub's REST API on 127.0.0.1 (port 0): App endpoints behind an RS256
 * JWT, installation tokens it mints, and installation endpoints that see only that installation's
 * repositories (codehost-routes.ts); fixtures and their setters come from codehost-store.ts. Every request is recorded, counted against a rate-limit bucket,
 * then answered by a queued `failNext` reply if any, else by the route. The server never keeps the
 * process alive.
 */
export class CodehostFake extends CodehostStore {
  readonly calls: CodehostCall[] = [];
  readonly appId: number;
  private readonly key: KeyObject;
  private readonly routes: CodehostRoutes;
  private readonly rates: RateLimits;
  private readonly tokens = new Map<string, { installationId: number; expiresAt: number }>();
  private readonly failures: FakeReply[] = [];
  private readonly server: Server;
  private minted = 0;
  private expireAfter: number | null = null;
  private url = '';

  constructor(options: CodehostFakeOptions) {
    super(options.installations, options.collaborators);
    this.appId = options.appId;
    this.key = createPublicKey(options.publicKeyPem);
    this.rates = new RateLimits(options.rateLimit ?? 5000);
    this.routes = new CodehostRoutes({
      appId: options.appId,
      perPageMax: options.perPageMax ?? 100,
      installations: this.installations,
      users: this.users,
      collaboratorsOf: (fullName) => this.collaboratorsOf(fullName),
      teamsOf: (fullName) => this.teamsOf(fullName),
      teamMembers: (org, slug) => this.teamMembers(org, slug),
      mintToken: (installationId) => this.mintToken(installationId),
    });
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => socket.unref());
  }

  get baseUrl(): string {
    if (!this.url) throw new Error('codehost fake is not listening');
    return this.url;
  }

  /** How many installation tokens were minted since the start or the last `reset()`. */
  get tokensMinted(): number {
    return this.minted;
  }

  /** The next request (whatever it is) gets this answer; calls queue up in order. */
  failNext(status: number, body?: unknown, headers?: Record<string, string>): void {
    this.failures.push({ status, body: body ?? githubError(status).body, headers });
  }

  /** Every token minted so far is expired from now on (they answer 401 Bad credentials). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = Date.now() - 1;
  }

  /** Every token minted so far expires once tokens have served `requests` more requests. */
  expireTokensAfter(requests: number): void {
    this.expireAfter = requests;
  }

  /** Forgets calls, queued failures, minted tokens and rate-limit counts (fixtures stay). */
  reset(): void {
    this.expireAfter = null;
    this.calls.length = 0;
    this.failures.length = 0;
    this.tokens.clear();
    this.minted = 0;
    this.rates.clear();
  }

  async listen(): Promise<this> {
    this.url = await listenOnLoopback(this.server);
    return this;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume(); // bodies (a token request's narrowing) are not read
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const credential = this.authenticate(req.headers.authorization);
    const method = req.method ?? 'GET';
    this.calls.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      auth: credential.kind,
    });
    if (credential.kind === 'token' && this.expireAfter !== null && --this.expireAfter <= 0) {
      this.expireAfter = null;
      this.expireTokens(); // this request is answered; the next one with these tokens is not
    }
    const rate = this.rates.take(bucketOf(credential));
    const request: AuthedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      origin: `http://${req.headers.host ?? new URL(this.baseUrl).host}`,
      credential,
    };
    const reply = this.failures.shift() ?? (rate.exceeded ? rateExceeded(credential) : this.answer(request));
    send(res, {
      ...reply,
      headers: {
        ...(typeof reply.body === 'string' ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        'x-github-media-type': 'github.v3; format=json',
        'x-github-request-id': requestId(),
        ...rate.headers,
        ...reply.headers,
      },
    });
  }

  private answer(request: AuthedRequest): FakeReply {
    try {
      return this.routes.route(request);
    } catch (error) {
      return githubError(500, `codehost fake crashed: ${String(error)}`);
    }
  }

  /** Reads `Bearer <jwt>`, `Bearer <token>` or `token <token>` (schemes in any case). */
  private authenticate(header: string | undefined): Credential {
    if (!header) return { kind: 'none' };
    const match = /^(bearer|token) +(\S+)\s*$/i.exec(header);
    if (!match) return { kind: 'invalid', jwtError: JWT_UNDECODABLE };
    const [, scheme, secret] = match as unknown as [string, string, string];
    const token = this.tokens.get(secret);
    if (token) {
      return token.expiresAt > Date.now()
        ? { kind: 'token', installationId: token.installationId }
        : { kind: 'invalid', jwtError: JWT_UNDECODABLE };
    }
    if (scheme.toLowerCase() !== 'bearer') return { kind: 'invalid', jwtError: JWT_UNDECODABLE };
    const error = checkAppJwt(secret, this.appId, this.key, Math.floor(Date.now() / 1000));
    return error ? { kind: 'invalid', jwtError: error } : { kind: 'jwt' };
  }

  private mintToken(installationId: number): { token: string; expires_at: string } {
    const bytes = randomBytes(36);
    const random = Array.from(bytes, (b) => TOKEN_CHARS[b % TOKEN_CHARS.length]).join('');
    const token = `ghs_${random}`;
    this.tokens.set(token, { installationId, expiresAt: Date.now() + TOKEN_LIFETIME_MS });
    this.minted += 1;
    return { token, expires_at: now(TOKEN_LIFETIME_MS) };
  }
}

/** Installation tokens share their installation's bucket; JWTs the App's; the rest one more. */
function bucketOf(credential: Credential): string {
  if (credential.kind === 'token') return `installation:${credential.installationId}`;
  return credential.kind === 'jwt' ? 'app' : 'anonymous';
}

function rateExceeded(credential: Credential): FakeReply {
  const who = credential.kind === 'token' ? ` for installation ID ${credential.installationId}` : '';
  return {
    status: 403,
    body: {
      message: `API rate limit exceeded${who}.`,
      documentation_url: `${DOCS_URL}/overview/rate-limits-for-the-rest-api`,
    },
  };
}

/** Starts a code host fake on 127.0.0.1. */
export function startCodehostFake(options: CodehostFakeOptions): Promise<CodehostFake> {
  return new CodehostFake(options).listen();
}
