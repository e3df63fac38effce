/**
 * The code host's REST API through Octokit: the app authenticates with a JWT signed by its private
 * key (`/app/...`), and every other call with an installation token that @octokit/auth-app mints
 * from it on first use and keeps in memory for the client's life only (a client lives for one
 * sync or one request; tokens are never stored, logged or answered). A token the code host
 * refuses (401) is replaced once by a fresh one and the call tried again. Each call has a
 * deadline; a rate limit that asks for a short wait is waited out, twice at most; any other
 * failure becomes `upstream_error` naming the code host's status and message.
 */
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import type { CodehostConfig } from '../../config/index.ts';
import { AppError, upstreamError } from '../../platform/http/errors.ts';
import { retryAfterSeconds } from '../../platform/outbound-http.ts';
import { version } from '../../platform/version.ts';

const CodehostOctokit = Octokit.plugin(paginateRest);
export type CodehostClient = InstanceType<typeof CodehostOctokit>;

/** The longest rate-limit wait a call sits out before giving up (the caller can try again later). */
const MAX_RATE_LIMIT_WAIT_S = 60;
const MAX_RATE_LIMIT_RETRIES = 2;

interface HttpFailure {
  status: number;
  message: string;
  response?: { headers: Record<string, string | undefined>; data?: unknown };
}
const isHttpFailure = (error: unknown): error is HttpFailure =>
  error instanceof Error && typeof (error as { status?: unknown }).status === 'number';

/** Seconds a rate-limited answer asks to wait (retry-after, or the primary limit's reset), else null. */
function rateLimitWait(error: HttpFailure, nowMs: number): number | null {
  if (error.status !== 403 && error.status !== 429) return null;
  const headers = error.response?.headers ?? {};
  const retryAfter = retryAfterSeconds(headers['retry-after'], nowMs);
  if (retryAfter !== null) return retryAfter;
  if (headers['x-ratelimit-remaining'] === '0' && headers['x-ratelimit-reset']) {
    return Math.max(0, Number(headers['x-ratelimit-reset']) - Math.floor(nowMs / 1000));
  }
  return null;
}

/**
 * The code host hides what the app may not see: 404 for what is not there or not visible, 403
 * (without a rate limit) for what the app's permissions do not cover.
 */
export function isHiddenFromApp(error: unknown): boolean {
  if (!isHttpFailure(error)) return false;
  return error.status === 404 || (error.status === 403 && rateLimitWait(error, Date.now()) === null);
}

/** Whether a request goes to the app's own paths (`/app...`), which the app's JWT signs, not a token. */
function isAppPath(apiUrl: string, url: string): boolean {
  const path = url.startsWith(apiUrl) ? url.slice(apiUrl.length) : url;
  return /^\/app(\/|\?|$)/.test(path);
}

/** fetch with a deadline on every call (Octokit gives no timeout of its own). */
const timedFetch =
  (timeoutMs: number): typeof fetch =>
  (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A client of the code host as the app, and (with `installationId`) as that installation. The
 * installation's token is minted on its first call to a non-app path.
 */
export function codehostClient(
  config: CodehostConfig,
  options: { installationId?: number; timeoutMs: number },
): CodehostClient {
  const octokit = new CodehostOctokit({
    authStrategy: createAppAuth,
    auth: {
      appId: config.appId,
      privateKey: config.privateKeyPem,
      ...(options.installationId === undefined ? {} : { installationId: options.installationId }),
    },
    baseUrl: config.apiUrl,
    userAgent: `ctxhub/${version}`,
    request: { fetch: timedFetch(options.timeoutMs) },
    log: quiet,
  });
  let renewed = false;
  octokit.hook.wrap('request', async (request, requestOptions) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request(requestOptions);
      } catch (error) {
        // A token the code host no longer takes (expired early, revoked): one fresh one per client.
        const tokenRefused =
          options.installationId !== undefined &&
          !renewed &&
          isHttpFailure(error) &&
          error.status === 401 &&
          !isAppPath(config.apiUrl, requestOptions.url);
        if (tokenRefused) {
          renewed = true;
          await octokit.auth({ type: 'installation', refresh: true });
          continue;
        }
        const wait = isHttpFailure(error) ? rateLimitWait(error, Date.now()) : null;
        if (wait === null || wait > MAX_RATE_LIMIT_WAIT_S || attempt >= MAX_RATE_LIMIT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  });
  return octokit;
}

/** The code host's own words for a failed answer: the `message` of its JSON body. */
function codehostMessage(error: HttpFailure): string {
  const data = error.response?.data;
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : error.message;
  return message.slice(0, 300);
}

/** Any failure of a code host call as the error the API answers (never the token, never a 500). */
export function codehostFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isHttpFailure(error)) {
    const wait = rateLimitWait(error, Date.now());
    if (wait !== null) {
      return upstreamError(`Code host rate limit reached (${error.status}); try again in ${wait} s`);
    }
    return upstreamError(`Code host answered ${error.status}: ${codehostMessage(error)}`);
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return upstreamError('Code host did not answer in time');
  return upstreamError('Code host could not be reached');
}

/** Runs calls to the code host; what fails is answered as codehostFailure says. */
export async function callCodehost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw codehostFailure(error);
  }
}
