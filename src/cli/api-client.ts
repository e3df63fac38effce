import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ClientConfig } from '../config/index.ts';

/** A problem the CLI reports in one line and exits non-zero for (no stack trace). */
export class CliError extends Error {}

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
const TIMEOUT_MS = 10 * 60_000;

/**
 * A minimal client of the ctxhub HTTP API for CLI commands: JSON calls and one streamed upload.
 * Built on node:http so that an answer the server sends before it has read the whole upload (401,
 * 403, 413) is still read and reported.
 */
export class ApiClient {
  constructor(private readonly config: ClientConfig) {}

  /** A JSON call; an error answer throws ApiError with the server's message. */
  async json<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return this.send<T>(
      method,
      path,
      payload
        ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
        : { 'content-length': '0' },
      payload,
    );
  }

  /** Streams `body` (exactly `length` bytes) as the request body of a POST. */
  async stream<T>(path: string, contentType: string, length: number, body: Readable): Promise<T> {
    return this.send<T>(
      'POST',
      path,
      { 'content-type': contentType, 'content-length': String(length) },
      body,
    );
  }

  private send<T>(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | Readable | undefined,
  ): Promise<T> {
    const url = new URL(`${this.config.serviceUrl}${path}`);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<T>((resolve, reject) => {
      let answered = false;
      const req = request(url, {
        method,
        timeout: TIMEOUT_MS,
        headers: { accept: 'application/json', authorization: `Bearer ${this.config.apiKey}`, ...headers },
      });
      req.on('response', (res) => {
        answered = true;
        readAnswer<T>(res).then(resolve, reject);
      });
      req.on('timeout', () =>
        req.destroy(new CliError(`No answer from ${url.origin} within ${TIMEOUT_MS / 1000} s`)),
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

async function readAnswer<T>(res: IncomingMessage): Promise<T> {
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
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (status >= 200 && status < 300) {
    if (parsed === undefined && text !== '')
      throw new CliError(`The server answered ${status} with a body that is not JSON`);
    return parsed as T;
  }
  const error = (parsed as { error?: ErrorEnvelope } | undefined)?.error;
  const requestId = typeof error?.request_id === 'string' ? error.request_id : undefined;
  if (typeof error?.message === 'string') {
    const code = typeof error.code === 'string' ? error.code : 'unknown';
    throw new ApiError(status, code, error.message + problemsOf(error.details, error.message), requestId);
  }
  throw new ApiError(
    status,
    'unknown',
    `The server answered HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    requestId,
  );
}

interface ErrorEnvelope {
  code?: unknown;
  message?: unknown;
  request_id?: unknown;
  details?: unknown;
}

/** The field problems of a validation error, one per line, unless the message already says it all. */
function problemsOf(details: unknown, message: string): string {
  if (!Array.isArray(details)) return '';
  const lines = details
    .filter(
      (d): d is { path: string; message: string } =>
        typeof d?.path === 'string' && typeof d?.message === 'string',
    )
    .map((d) => `${d.path}: ${d.message}`)
    .filter((line) => line !== message);
  return lines.map((line) => `\n  - ${line}`).join('');
}
