import { errorOfAnswer, jsonOrUndefined } from '../../platform/http/error-envelope.ts';
import type { App } from '../../platform/http/types.ts';
import { ApiAnswerError, checkedAnswer, pathWithQuery, type ApiPort } from './tools/api-port.ts';

/** Who calls: the `Authorization` header, and the request id and address of the MCP request. */
export interface InjectCaller {
  authorization: string;
  requestId?: string;
  remoteAddress?: string;
  /** More headers for every call (the internal-call mark). */
  headers?: Record<string, string>;
}

/**
 * The API port of the remote `/mcp` endpoint: each call is injected into the app itself with the
 * caller's key and request id, so it passes the same authentication, validation, roles and audit
 * as the HTTP route it wraps (ADR 0010).
 */
export function injectApi(app: App, caller: InjectCaller): ApiPort {
  const headers = {
    ...caller.headers,
    authorization: caller.authorization,
    ...(caller.requestId ? { 'x-request-id': caller.requestId } : {}),
  };
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    const res = await app.inject({
      method,
      url,
      ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (res.statusCode >= 200 && res.statusCode < 300) return jsonOrUndefined(res.body);
    const error = errorOfAnswer(res.statusCode, res.body);
    throw new ApiAnswerError(res.statusCode, error.code, error.message);
  };
  return {
    get: async (path, answer, query) =>
      checkedAnswer(answer, await call('GET', pathWithQuery(path, query)), `GET ${path}`),
    post: async (path, body, answer) => checkedAnswer(answer, await call('POST', path, body), `POST ${path}`),
  };
}
