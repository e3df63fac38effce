import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake answers: an object body is sent as JSON, a string as plain text. */
export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request as the fake received it; `path` is still percent-encoded, as the client sent it. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { authorization: string | undefined };
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

/** Atlassian Cloud's basic auth: the account e-mail and an API token. */
export interface Credentials {
  email: string;
  apiToken: string;
}

/** The `Authorization` header value for `email:apiToken`. */
export const basicAuth = (email: string, apiToken: string): string =>
  `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}`;

/**
 * A provider fake listening on 127.0.0.1 (port 0). Every request is recorded, then delayed by
 * `delayMs`, then answered by a queued `failNext` reply if any, else 401 for wrong credentials, else
 * by the subclass's `route`. The server never keeps the process alive.
 */
export abstract class FakeServer {
  readonly calls: RecordedCall[] = [];
  /** Answer every request this much later (timeout tests). Settable at any time. */
  delayMs = 0;
  /** Issue keys or page ids the configured account may not see. */
  readonly forbidden = new Set<string>();
  private readonly failures: FakeReply[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server: Server;
  private url = '';

  constructor(private readonly credentials: Credentials) {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => socket.unref());
  }

  get baseUrl(): string {
    if (!this.url) throw new Error('fake server is not listening');
    return this.url;
  }

  /** The next request (whatever it is) gets this answer; calls queue up in order. */
  failNext(status: number, body?: unknown, headers?: Record<string, string>): void {
    this.failures.push({
      status,
      body: body ?? this.errorBody(status, STATUS_CODES[status] ?? 'Error'),
      headers,
    });
  }

  /** Forgets calls, queued failures, the delay and forbidden ids (fixtures stay). */
  reset(): void {
    this.calls.length = 0;
    this.failures.length = 0;
    this.delayMs = 0;
    this.forbidden.clear();
  }

  async listen(): Promise<this> {
    this.url = await listenOnLoopback(this.server);
    return this;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await closeServer(this.server);
  }

  /** Answers a request with the right credentials. */
  protected abstract route(req: FakeRequest): FakeReply;
  /** The provider's answer to missing or wrong credentials. */
  protected abstract unauthorized(req: FakeRequest): FakeReply;
  /** The provider's error body for a status and message. */
  protected abstract errorBody(status: number, message: string): unknown;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams };
    const authorization = req.headers.authorization;
    this.calls.push({ ...request, query: Object.fromEntries(url.searchParams), headers: { authorization } });
    if (this.delayMs > 0) await this.sleep(this.delayMs);
    if (res.destroyed) return;
    send(res, this.failures.shift() ?? this.answer(request, authorization));
  }

  private answer(request: FakeRequest, authorization: string | undefined): FakeReply {
    if (authorization !== basicAuth(this.credentials.email, this.credentials.apiToken)) {
      return this.unauthorized(request);
    }
    try {
      return this.route(request);
    } catch (error) {
      return { status: 500, body: this.errorBody(500, `fake crashed: ${String(error)}`) };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.timers.add(timer);
    });
  }
}

/** Listens on a free port of 127.0.0.1 without keeping the process alive; answers the base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a fake's server and every connection it holds. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Writes a reply: an object body as JSON, a string as plain text; `reply.headers` win. */
export function send(res: ServerResponse, reply: FakeReply): void {
  const text = typeof reply.body === 'string';
  const payload = reply.body === undefined ? '' : text ? String(reply.body) : JSON.stringify(reply.body);
  const type = text ? 'text/plain;charset=UTF-8' : 'application/json;charset=UTF-8';
  res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
  res.end(payload);
}

/** A whole number query parameter, `fallback` when absent, clamped to [min, max]; NaN when not a number. */
export function intParam(raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) return Number.NaN;
  return Math.min(max, Math.max(min, Number(raw)));
}

/** An opaque page token tied to its query, as real cursors are. */
export function pageToken(query: string, offset: number): string {
  return Buffer.from(JSON.stringify({ query, offset })).toString('base64url');
}

/** The offset a token stands for, or undefined when it is garbage or was made for another query. */
export function readPageToken(token: string, query: string): number | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
      query?: unknown;
      offset?: unknown;
    };
    return parsed.query === query && typeof parsed.offset === 'number' ? parsed.offset : undefined;
  } catch {
    return undefined;
  }
}
