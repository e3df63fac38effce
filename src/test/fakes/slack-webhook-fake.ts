import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the fake: Slack answers plain text (`ok`, or an error code). */
export interface SlackReply {
  status: number;
  text: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow webhook). */
  delayMs?: number;
}

/** A message as the webhook received it. */
export interface ReceivedMessage {
  path: string;
  contentType: string | undefined;
  payload: Record<string, unknown>;
  at: number;
}

/**
 * A Slack-style incoming webhook on 127.0.0.1: `url` is the secret webhook address (another path
 * answers 404 `no_service`, as Slack does). Records every message; answers `ok` unless a reply was
 * queued (`answerNext`) or `always` is set. Bodies that are not JSON objects answer 400
 * `invalid_payload`; a message with neither text nor blocks, 400 `no_text`.
 */
export class SlackWebhookFake {
  readonly received: ReceivedMessage[] = [];
  /** Answer every message this way (after queued replies run out); null: `ok`. */
  always: SlackReply | null = null;
  private readonly queued: SlackReply[] = [];
  private readonly server: Server;
  private readonly secretPath = `/services/T0FAKE/B0FAKE/${randomBytes(12).toString('hex')}`;
  private base = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => socket.unref());
  }

  get url(): string {
    return `${this.base}${this.secretPath}`;
  }

  get baseUrl(): string {
    return this.base;
  }

  answerNext(...replies: SlackReply[]): void {
    this.queued.push(...replies);
  }

  reset(): void {
    this.received.length = 0;
    this.queued.length = 0;
    this.always = null;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.server.unref();
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits (at most `timeoutMs`) until `count` messages have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMessage[]> {
    const end = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > end)
        throw new Error(`the webhook received ${this.received.length} messages, not ${count}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.received;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== this.secretPath)
      return reply(res, { status: 404, text: 'no_service' });
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, { status: 400, text: 'invalid_payload' });
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
      return reply(res, { status: 400, text: 'invalid_payload' });
    const message = payload as Record<string, unknown>;
    this.received.push({
      path: req.url,
      contentType: req.headers['content-type'],
      payload: message,
      at: Date.now(),
    });
    const answer = this.queued.shift() ?? this.always ?? { status: 200, text: 'ok' };
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs).unref());
    if (!message.text && !message.blocks) return reply(res, { status: 400, text: 'no_text' });
    reply(res, answer);
  }
}

function reply(res: ServerResponse, answer: SlackReply): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers });
  res.end(answer.text);
}
