/**
 * Thrown by a job handler to say how its attempt failed, when that is more than "try again later":
 * `final` failures (the receiver refused what was sent) are not retried; `retryAfterMs` (the
 * receiver asked for a pause, e.g. HTTP 429 Retry-After) sets the wait before the next attempt.
 * Any other error is retried after an exponential backoff while attempts remain.
 */
export class JobFailure extends Error {
  readonly final: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { final?: boolean; retryAfterMs?: number } = {}) {
    super(message);
    this.name = 'JobFailure';
    this.final = options.final ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}
