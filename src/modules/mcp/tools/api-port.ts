/** Query parameters of a GET; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/**
 * How the MCP tools reach ctxhub: its HTTP API, the same routes every client uses, so a tool
 * behaves (validation, roles, audit, errors) exactly as the route it wraps. The stdio adapter sends
 * real HTTP requests; the server's `/mcp` endpoint injects them into its own app (ADR 0010).
 */
export interface ApiPort {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** What an ApiPort throws for an error answer: the status and the server's code and message. */
export interface ApiFailure extends Error {
  status: number;
  code: string;
}

/** An ApiPort's error answer. */
export class ApiAnswerError extends Error implements ApiFailure {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const isApiFailure = (err: unknown): err is ApiFailure =>
  err instanceof Error && typeof (err as ApiFailure).status === 'number';

/** `path?a=1&b=x` with the defined parameters, encoded. */
export function pathWithQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A path segment holding a key (`codehost:acme/api#web` is one segment). */
export const segment = (key: string) => encodeURIComponent(key);
