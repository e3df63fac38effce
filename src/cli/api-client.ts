import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ClientConfig } from '../config/client.ts';
import { errorOfAnswer, jsonOrUndefined } from '../platform/http/error-envelope.ts';
import { CliError } from './cli-error.ts';

/** An error answer of the ctxhub API, with the server's own message. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
  ) {
    super(message);
  }
}

/** Largest answer body read (the API answers small JSON documents). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Long enough for a large upload's parse step; short-lived commands pass their own. */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * A minimal client of the ctxhub HTTP API for CLI commands: JSON calls and one streamed upload.
 * Built on node:http so that an answer the server sends before it has read the whole upload (401,
 * 403, 413) is still read and reported.
 */
export class ApiClient {
  constructor(
    private readonly config: Pick<ClientConfig, 'serviceUrl' | 'apiKey'>,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  /** A JSON call; an error answer throws ApiError with the server's message. */
  async json<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return jsonOf<T>(
      await this.send(
        method,
        path,
        payload
          ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
          : { 'content-length': '0' },
        payload,
      ),
    );
  }

  /** A GET whose answer is text (e.g. `format=markdown`). */
  async text(path: string): Promise<string> {
    return (await this.send('GET', path, { 'content-length': '0' }, undefined)).text;
  }

  /** Streams `body` (exactly `length` bytes) as the request body of a POST. */
  async stream<T>(path: string, contentType: string, length: number, body: Readable): Promise<T> {
    return jsonOf<T>(
      await this.send('POST', path, { 'content-type': contentType, 'content-length': String(length) }, body),
    );
  }

  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | Readable | undefined,
  ): Promise<{ status: number; text: string }> {
    const url = new URL(`${this.config.serviceUrl}${path}`);
    // node:https (TLS) is loaded only for an https server: a session-start hook starts faster.
    const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
    const timeoutMs = this.timeoutMs;
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = request(url, {
        method,
        timeout: timeoutMs,
        headers: { accept: 'application/json', authorization: `Bearer ${this.config.apiKey}`, ...headers },
      });
      req.on('response', (res) => {
        answered = true;
        readAnswer(res).then(resolve, reject);
      });
      req.on('timeout', () =>
        req.destroy(new CliError(`No answer from ${url.origin} within ${timeoutMs / 1000} s`)),
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (answered) return; // the server answered early and closed; the answer is what counts
        reject(
          err instanceof CliError
            ? err
            : new CliError(`Cannot reach the ctxhub server at ${url.origin}: ${err.code ?? err.message}`),
        );
      });
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else pipeline(body, req).catch(() => undefined); // a failure surfaces as the request's 'error'
    });
  }
}

/** Reads an answer: 2xx resolves with its body text, anything else throws ApiError. */
async function readAnswer(res: IncomingMessage): Promise<{ status: number; text: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES)
      throw new CliError(`The server's answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { status, text };
  const error = errorOfAnswer(status, text);
  throw new ApiError(status, error.code, error.message, error.requestId);
}

function jsonOf<T>({ status, text }: { status: number; text: string }): T {
  const parsed = jsonOrUndefined(text);
  if (parsed === undefined && text !== '')
    throw new CliError(`The server answered ${status} with a body that is not JSON`);
  return parsed as T;
}
