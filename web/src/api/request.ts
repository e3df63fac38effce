import { request, type Query } from './client.ts';

/**
 * The typed calls of the API, used only by the query factories (`queries/`): each names the type
 * of its answer once, beside its key and path, so pages get typed answers without naming or
 * casting one. The server's response schemas (where these types come from, `types.ts`) hold the
 * answers to that shape.
 */

/** GET an answer as JSON. */
export function get<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  return request('GET', path, options) as Promise<T>;
}

/** GET an answer that is not JSON (the Markdown bundle), as the text it is. */
export function getText(
  path: string,
  options: { query?: Query; signal?: AbortSignal } = {},
): Promise<string> {
  return request('GET', path, { ...options, text: true }) as Promise<string>;
}

/** A write (or a POST that reads, such as a render); `void` for an answer without a body (204). */
export function send<T = void>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  return request(method, path, options) as Promise<T>;
}
