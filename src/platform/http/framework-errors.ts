import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../ids.ts';
import { envelopeOf, sendError } from './error-handler.ts';
import { AppError, invalidField, notFound } from './errors.ts';
import type { App } from './types.ts';

/** The longest path parameter the router takes (a percent-encoded project key with a sub-path fits). */
export const MAX_PATH_PARAM_LENGTH = 600;

/**
 * The router's own refusals, before any hook ran (Fastify's `frameworkErrors`): a path that is not
 * valid percent-encoded UTF-8 (`%ZZ`, `%C0%AF`) and a path parameter over the limit. Both are bad
 * input, so 400 `validation_failed` (not 414: the request line was within HTTP's limits, one
 * parameter was not within ours, like any other field over its length).
 */
export function routerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const known =
    err.code === 'FST_ERR_BAD_URL'
      ? invalidField('path', 'is not a valid URL path (a %-escape is malformed or does not encode UTF-8)')
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? invalidField('path', `has a segment longer than ${MAX_PATH_PARAM_LENGTH} characters`)
        : err;
  sendError(known, req, reply);
}

/** What the HTTP parser's refusals mean, in the error vocabulary (Node's own statuses). */
function parserError(err: NodeJS.ErrnoException & { reason?: string }): AppError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('request_timeout', 'The request was not received in time');
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('headers_too_large', `Request headers are larger than ${maxHeaderSize} bytes`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppError('payload_too_large', 'Chunk extensions are too large');
    default:
      return invalidField('request', `is not valid HTTP/1.1 (${err.reason ?? err.code ?? 'malformed'})`);
  }
}

/** Writes an error answer straight onto a connection that has no request object, and closes it. */
function refuseOnSocket(socket: Socket, e: AppError): string {
  const requestId = newId('req');
  // Never write into an answer already under way (a pipelined request after it was malformed).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify(envelopeOf(e, requestId));
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      ...e.headers,
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
  return requestId;
}

/**
 * Malformed HTTP (a bad method, a `Content-Length` that is not a number, both `Content-Length` and
 * `Transfer-Encoding`, headers over the limit): answered in the envelope with a new request id, and
 * the connection closed, as the parser cannot find where the next request starts.
 */
export function clientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const requestId = refuseOnSocket(socket, parserError(err));
  this.log.debug({ err, requestId }, 'malformed request refused');
}

/**
 * What Node would answer itself, outside the envelope, is answered by the app: an HTTP/1.1
 * request without `Host` is refused 400 (RFC 9112; Node's own check, `requireHostHeader`, is off
 * in the app's options and would answer an empty body); an `Expect` other than `100-continue` is
 * ignored (RFC 9110 allows it; Node would answer an empty 417); `CONNECT` (this is no proxy) is
 * 404 like any other route that does not exist (Node would close the connection unanswered).
 */
export function installProtocolChecks(app: App): void {
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    if (raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1 && raw.headers.host === undefined) {
      throw invalidField('headers.host', 'is required in HTTP/1.1');
    }
  });
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    app.server.emit('request', req, res),
  );
  app.server.on('connect', (req: IncomingMessage, socket: Socket) => {
    refuseOnSocket(socket, notFound(`Route CONNECT ${req.url ?? ''}`));
  });
}
