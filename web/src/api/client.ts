/**
 * The UI's one way to the server: the same /v1 API every client uses, signed in by the session
 * cookie (sent by the browser, never readable here). Writes carry the session's CSRF token, kept
 * in memory only. An error answer becomes an ApiError with the server's own message.
 */

export interface ErrorEnvelope {
  error: { code: string; message: string; request_id?: string; details?: unknown };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSessionEnded: () => void = () => {};

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The session's CSRF token (memory only), for a write sent another way than `request` (an upload). */
export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Called when the server answers 401: the session ended (signed out elsewhere, expired, revoked). */
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

/** A request's query string: an empty, null or undefined value is left out. */
export type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API: the answer's JSON as received (typed by the query factory that asked for
 * it, in `request.ts`), nothing for a 204, or an ApiError.
 */
export async function request(
  method: Method,
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal; text?: boolean } = {},
): Promise<unknown> {
  // `text`: an answer that is not JSON (the Markdown bundle), returned as the string it is.
  const headers: Record<string, string> = { accept: options.text ? 'text/*' : 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', UNREACHABLE);
  }
  if (res.status === 204) return undefined;
  const text = await res.text();
  // A text answer (the Markdown bundle) is handed over as it is; an error still reads as JSON.
  if (res.ok && options.text) return text;
  return readAnswer(path, {
    status: res.status,
    statusText: res.statusText,
    text,
    requestId: res.headers.get('x-request-id'),
  });
}

export const UNREACHABLE = 'The server could not be reached: check that it is running.';

/** An answer as received, by `fetch` or by XMLHttpRequest (an upload). */
export interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
  requestId: string | null;
}

/**
 * An answer's JSON, or for an error answer an ApiError with the server's own message (its
 * envelope); a 401 (but at sign-in) means the session ended. Shared by `request` and the upload.
 */
export function readAnswer(path: string, answer: RawAnswer): unknown {
  const data: unknown = answer.text ? safeJson(answer.text) : undefined;
  if (answer.status >= 200 && answer.status < 300) return data;
  const envelope = (data as ErrorEnvelope | undefined)?.error;
  const error = new ApiError(
    answer.status,
    envelope?.code ?? 'unknown',
    envelope?.message ?? `The server answered ${answer.status} ${answer.statusText}`,
    envelope?.details,
    envelope?.request_id ?? answer.requestId ?? undefined,
  );
  if (answer.status === 401 && path !== '/v1/session') onSessionEnded();
  throw error;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
