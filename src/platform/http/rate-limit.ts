import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from './errors.ts';

/**
 * Fixed one-minute budgets: per API key for authenticated calls, per client IP for calls without a
 * valid key (public routes and failed authentication, which also slows key guessing). Counters live
 * in this process; see docs/api.md#rate-limits for several processes on one database.
 */
export class RateLimits {
  private readonly perKey: RateLimiterMemory;
  private readonly perIp: RateLimiterMemory;

  constructor(limits: { perKeyPerMinute: number; perIpPerMinute: number }) {
    this.perKey = new RateLimiterMemory({ points: limits.perKeyPerMinute, duration: 60 });
    this.perIp = new RateLimiterMemory({ points: limits.perIpPerMinute, duration: 60 });
  }

  consumeKey(keyId: string): Promise<RateLimiterRes> {
    return consume(this.perKey, keyId);
  }

  consumeIp(ip: string): Promise<RateLimiterRes> {
    return consume(this.perIp, ip);
  }
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    throw res;
  }
}
