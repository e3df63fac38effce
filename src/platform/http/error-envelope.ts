/** What a client reads from an error answer of the ctxhub API (the envelope of error-handler.ts). */
export interface ErrorAnswer {
  code: string;
  /** The server's message, followed by each field problem it does not already say, one per line. */
  message: string;
  requestId: string | undefined;
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  request_id?: unknown;
  details?: unknown;
}

/** Parses an answer body as JSON; undefined when it is empty or not JSON. */
export function jsonOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error of a non-2xx answer: the envelope's code and message, or the status and the body's start. */
export function errorOfAnswer(status: number, text: string): ErrorAnswer {
  const error = (jsonOrUndefined(text) as { error?: Envelope } | undefined)?.error;
  const requestId = typeof error?.request_id === 'string' ? error.request_id : undefined;
  if (typeof error?.message === 'string') {
    return {
      code: typeof error.code === 'string' ? error.code : 'unknown',
      message: error.message + problemsOf(error.details, error.message),
      requestId,
    };
  }
  return {
    code: 'unknown',
    message: `The server answered HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    requestId,
  };
}

/** The field problems of a validation error, one per line, unless the message already says it all. */
function problemsOf(details: unknown, message: string): string {
  if (!Array.isArray(details)) return '';
  const lines = details
    .filter(
      (d): d is { path: string; message: string } =>
        typeof d?.path === 'string' && typeof d?.message === 'string',
    )
    .map((d) => `${d.path}: ${d.message}`)
    .filter((line) => line !== message);
  return lines.map((line) => `\n  - ${line}`).join('');
}
