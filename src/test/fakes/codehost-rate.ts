import { randomBytes } from 'node:crypto';

// GitHub's primary rate limit as the fake keeps it: one hourly window per bucket (an installation's
// tokens share one, the App's JWTs another, unauthenticated callers a third), reported on every
// answer by the x-ratelimit-* headers. Windows are computed on use: no timer runs.

export interface RateTake {
  /** x-ratelimit-* headers for this answer. */
  headers: Record<string, string>;
  /** The bucket was already empty: the answer must be GitHub's 403. */
  exceeded: boolean;
}

const WINDOW_S = 3600;

export class RateLimits {
  private readonly buckets = new Map<string, { used: number; reset: number }>();

  constructor(private readonly limit: number) {}

  /** Counts one request against `bucket`, unless it is empty. */
  take(bucket: string): RateTake {
    const now = Math.floor(Date.now() / 1000);
    let state = this.buckets.get(bucket);
    if (!state || state.reset <= now) {
      state = { used: 0, reset: now + WINDOW_S };
      this.buckets.set(bucket, state);
    }
    const exceeded = state.used >= this.limit;
    if (!exceeded) state.used += 1;
    return {
      exceeded,
      headers: {
        'x-ratelimit-limit': String(this.limit),
        'x-ratelimit-remaining': String(this.limit - state.used),
        'x-ratelimit-reset': String(state.reset),
        'x-ratelimit-used': String(state.used),
        'x-ratelimit-resource': 'core',
      },
    };
  }

  clear(): void {
    this.buckets.clear();
  }
}

/** An x-github-request-id in GitHub's shape: five colon-separated upper-case hex groups. */
export function requestId(): string {
  const hex = randomBytes(14).toString('hex').toUpperCase();
  return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 15), hex.slice(15, 20), hex.slice(20, 28)].join(':');
}
