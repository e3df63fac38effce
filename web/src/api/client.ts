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

/** Called when the server answers 401: the session ended (signed out elsewhere, expired, revoked). */
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal; text?: boolean } = {},
): Promise<T> {
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
    throw new ApiError(0, 'network', 'The server could not be reached: check that it is running.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (res.ok && options.text) return text as T;
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const envelope = (data as ErrorEnvelope | undefined)?.error;
    const error = new ApiError(
      res.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? `The server answered ${res.status} ${res.statusText}`,
      envelope?.details,
      envelope?.request_id ?? res.headers.get('x-request-id') ?? undefined,
    );
    if (res.status === 401 && path !== '/v1/session') onSessionEnded();
    throw error;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
