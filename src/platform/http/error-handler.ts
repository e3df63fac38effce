import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { settleUnreadBody } from './connections.ts';
import { AppError, type FieldProblem } from './errors.ts';

interface ErrorBody {
  error: { code: string; message: string; request_id: string; details?: unknown };
}

/** Fastify's own client errors, by code, in our vocabulary. */
const FASTIFY_CODES: Record<string, (e: FastifyError) => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('payload_too_large', 'Request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) =>
    new AppError(
      'unsupported_media_type',
      e.message.replace(/^Unsupported Media Type: ?/, 'Unsupported media type: '),
    ),
  FST_ERR_CTP_INVALID_JSON_BODY: () => invalidBody('Request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => invalidBody('Request body is empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => invalidBody('Content-Length does not match the body'),
  // @fastify/multipart (uploads)
  FST_REQ_FILE_TOO_LARGE: () => new AppError('payload_too_large', 'The uploaded file is larger than allowed'),
  FST_FILES_LIMIT: () => new AppError('payload_too_large', 'Send exactly one file'),
  FST_FIELDS_LIMIT: () => new AppError('payload_too_large', 'Too many form fields'),
  FST_PARTS_LIMIT: () => new AppError('payload_too_large', 'Too many form parts'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError('unsupported_media_type', 'Expected multipart/form-data'),
};

const invalidBody = (message: string) =>
  new AppError('validation_failed', message, [{ path: 'body', message }]);

/** Maps anything thrown while handling a request to the error envelope; a 500 never leaks internals. */
export function toAppError(err: unknown, log: FastifyRequest['log']): AppError {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as { validationContext?: string }).validationContext ?? 'body';
    const location = context === 'querystring' ? 'query' : context;
    const details: FieldProblem[] = err.validation.map((v) => ({
      path: [location, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'is not valid',
    }));
    const first = details[0];
    return new AppError(
      'validation_failed',
      first ? `${first.path}: ${first.message}` : 'Request is not valid',
      details,
    );
  }
  const fastifyError = err as FastifyError;
  const mapped = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return mapped(fastifyError);
  if (err instanceof SyntaxError && fastifyError.statusCode === 400)
    return invalidBody('Request body is not valid JSON');
  const pgCode = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (pgCode === '23505') {
    // A concurrent request created the same thing first.
    return new AppError('conflict', 'It already exists (a concurrent request created it)');
  }
  if (pgCode === '22021' || pgCode === '22P05' || pgCode === '54000') {
    // Text PostgreSQL cannot store or index (a guard upstream should have named the field).
    return invalidBody('Request contains text that cannot be stored');
  }
  if (pgCode === '40001' || pgCode === '40P01') {
    return new AppError('conflict', 'A concurrent change conflicted with this one; retry it');
  }
  if (databaseBusy(err, pgCode)) {
    log.warn(loggable(err), 'database busy: answered 503');
    return new AppError('service_unavailable', 'The database is busy; retry in a moment', undefined, {
      'retry-after': '1',
    });
  }
  const status = fastifyError?.statusCode;
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(err)) {
    return new AppError('validation_failed', fastifyError.message || 'Bad request', [
      { path: 'request', message: fastifyError.message },
    ]);
  }
  log.error(loggable(err), 'unhandled error');
  return new AppError('internal', 'Internal server error');
}

/** The pool's own messages (pg-pool, pg) when no connection could be had in time. */
const NO_CONNECTION_IN_TIME = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/**
 * Overload rather than a fault: no pooled connection in time, a statement cancelled by its time
 * limit (57014), the server's connections all taken (53300) or the server starting (57P03). The
 * client may retry; nothing was changed (a cancelled statement rolls its transaction back).
 */
function databaseBusy(err: unknown, pgCode: string | undefined): boolean {
  if (pgCode === '57014' || pgCode === '53300' || pgCode === '57P03') return true;
  const messages = [err, (err as { cause?: unknown })?.cause].map((e) =>
    e instanceof Error ? e.message : '',
  );
  return messages.some((m) => NO_CONNECTION_IN_TIME.includes(m));
}

/**
 * What an unexpected error logs. A failed query carries its parameters (key digests, one-time
 * token digests, raw search text, whole transcript batches) in its message and `params`: only the
 * statement and the database's own error are kept, without the error's `detail` (which can quote
 * row values).
 */
function loggable(err: unknown): { err: unknown; query?: string } {
  if (!(err instanceof DrizzleQueryError)) return { err };
  const cause = err.cause as (Error & { code?: string }) | undefined;
  return {
    err: cause
      ? { type: cause.name, message: cause.message, code: cause.code, stack: cause.stack }
      : { type: 'DrizzleQueryError', message: 'query failed' },
    query: err.query.slice(0, 2000),
  };
}

/** The error envelope of an answer. */
export function envelopeOf(e: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: e.code, message: e.message, request_id: requestId } };
  if (e.details !== undefined) body.error.details = e.details;
  return body;
}

/**
 * Sends the envelope of `err`. An answer given before the request body has arrived (a refused
 * upload) reads and discards a small body, or closes the connection after a large one, so the
 * unread body cannot hold up the next request.
 */
export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const e = toAppError(err, req.log);
  settleUnreadBody(req.raw, reply);
  return reply
    .code(e.status)
    .header('x-request-id', req.id)
    .headers(e.headers)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(envelopeOf(e, req.id));
}
