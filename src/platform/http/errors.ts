/**
 * The closed error vocabulary (docs/api.md#errors). Services throw these; one handler renders them.
 * `request_timeout`, `headers_too_large` and `service_unavailable` are the server's own answers (a
 * request not received in time, headers over the HTTP parser's limit, a request that arrives while
 * the server shuts down).
 */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'request_timeout'
  | 'headers_too_large'
  | 'rate_limited'
  | 'integration_not_configured'
  | 'provider_locked'
  | 'upstream_error'
  | 'service_unavailable'
  | 'internal';

const STATUS_OF: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  request_timeout: 408,
  headers_too_large: 431,
  rate_limited: 429,
  integration_not_configured: 400,
  provider_locked: 403,
  upstream_error: 502,
  service_unavailable: 503,
  internal: 500,
};

export interface FieldProblem {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

export const invalid = (problems: FieldProblem[], message = 'Request is not valid') =>
  new AppError('validation_failed', message, problems);
export const invalidField = (path: string, message: string) =>
  invalid([{ path, message }], `${path}: ${message}`);
/** 401 with the challenge of RFC 6750: `invalid_token` when a key was presented. */
export const unauthenticated = (presented = false) =>
  new AppError('unauthenticated', 'Invalid API key', undefined, {
    'www-authenticate': presented ? 'Bearer realm="ctxhub", error="invalid_token"' : 'Bearer realm="ctxhub"',
  });
/** 401 for a session cookie that no longer signs anyone in; the UI answers it with its sign-in page. */
export const sessionEnded = () =>
  new AppError(
    'unauthenticated',
    'Your session has ended (signed out, expired, or its API key was revoked): sign in again',
    undefined,
    { 'www-authenticate': 'Bearer realm="ctxhub"' },
  );
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
/**
 * For `.catch()`: a `not_found` about the container (workspace, project) becomes one about the
 * thing asked for, so a caller who cannot see the container learns nothing about it.
 */
export const notFoundAs =
  (what: string) =>
  (e: unknown): never => {
    throw e instanceof AppError && e.code === 'not_found' ? notFound(what) : e;
  };
export const conflict = (message: string) => new AppError('conflict', message);
export const gone = (message: string) => new AppError('gone', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('rate_limited', `Too many requests; retry after ${retryAfterSeconds} s`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
export const providerLocked = (provider: string) =>
  new AppError(
    'provider_locked',
    `The ${provider} integration is locked by the server (SERVICE_INTEGRATION_LOCKED_PROVIDERS): only its environment configuration applies`,
  );
export const integrationNotConfigured = (message: string) =>
  new AppError('integration_not_configured', `Integration not configured: ${message}`);
export const upstreamError = (message: string, details?: unknown) =>
  new AppError('upstream_error', message, details);
