import type { z } from 'zod';

/** Query parameters of a GET; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/**
 * How the MCP tools reach ctxhub: its HTTP API, the same routes every client uses, so a tool
 * behaves (validation, roles, audit, errors) exactly as the route it wraps. The stdio adapter sends
 * real HTTP requests; the server's `/mcp` endpoint injects them into its own app (ADR 0010).
 */
export interface ApiPort {
  /** A GET whose answer is checked against `answer`, its route's response schema. */
  get<S extends z.ZodType>(path: string, answer: S, query?: Query): Promise<z.output<S>>;
  /** A POST whose answer is checked against `answer`, its route's response schema. */
  post<S extends z.ZodType>(path: string, body: unknown, answer: S): Promise<z.output<S>>;
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

/**
 * A 2xx answer that does not match its route's response schema (a server of another version, or
 * something else answering at the server's address): one line naming the call and the first
 * difference, never a stack.
 */
export class AnswerMismatchError extends Error {}

/** `body`, the answer to `call` (e.g. `GET /v1/memories`), parsed by its response schema. */
export function checkedAnswer<S extends z.ZodType>(answer: S, body: unknown, call: string): z.output<S> {
  const parsed = answer.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw new AnswerMismatchError(
    `The server's answer to ${call} is not what this client expects (${where}: ${issue?.message ?? 'invalid'}); is the server another version of ctxhub?`,
  );
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
