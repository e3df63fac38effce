import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, InternalAddressError, outboundUrlProblem } from './outbound-address.ts';

/**
 * One call to an external provider (docs/design.md#outbound-http): the address guard on the URL
 * and on every address its name resolves to, one deadline for connecting and reading the whole
 * answer, a bound on the answer's size, no redirects followed. Failures are OutboundError, never a
 * raw socket error.
 */
export interface OutboundRequest {
  url: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Largest answer read; a larger one fails as `too_large`. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export type OutboundFailure = 'timeout' | 'network' | 'internal_address' | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export function outboundGet(req: OutboundRequest): Promise<OutboundResponse> {
  return outboundCall(req, 'GET');
}

/** A POST of a JSON body, with the same guards as outboundGet. */
export function outboundPostJson(req: OutboundRequest, body: unknown): Promise<OutboundResponse> {
  return outboundCall(req, 'POST', JSON.stringify(body));
}

function outboundCall(
  req: OutboundRequest,
  method: 'GET' | 'POST',
  body?: string,
): Promise<OutboundResponse> {
  const problem = outboundUrlProblem(req.url, req.allowPrivate);
  if (problem) return Promise.reject(new OutboundError('internal_address', `The URL ${problem}`));
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      call.destroy();
      reject(err);
    };
    const call = send(
      url,
      {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
          ...req.headers,
        },
        lookup: guardedLookup(req.allowPrivate),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes)
            fail(new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', () =>
          fail(new OutboundError('network', 'The connection broke while reading the answer')),
        );
      },
    );
    const deadline = setTimeout(
      () => fail(new OutboundError('timeout', `No complete answer within ${req.timeoutMs} ms`)),
      req.timeoutMs,
    );
    call.on('error', (err) => {
      if (err instanceof InternalAddressError)
        return fail(new OutboundError('internal_address', err.message));
      fail(
        new OutboundError('network', `Network error: ${(err as NodeJS.ErrnoException).code ?? err.message}`),
      );
    });
    call.end(body);
  });
}

/** Seconds of a `Retry-After` header (seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | string[] | undefined, nowMs: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * `call`, and once more after the wait a 429 asks for when that wait is at most `maxWaitMs`
 * (a longer or missing one is answered as it is: the caller reports the provider's limit).
 */
export async function withOneRetryOn429(
  call: () => Promise<OutboundResponse>,
  maxWaitMs: number,
): Promise<OutboundResponse> {
  const first = await call();
  if (first.status !== 429) return first;
  const wait = retryAfterSeconds(first.headers['retry-after'], Date.now());
  if (wait === null || wait * 1000 > maxWaitMs) return first;
  await new Promise((r) => setTimeout(r, wait * 1000));
  return call();
}
