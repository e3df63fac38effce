import type { Ctx } from '../../../platform/context.ts';
import { AppError, upstreamError } from '../../../platform/http/errors.ts';
import { outboundGet, OutboundError, withOneRetryOn429 } from '../../../platform/outbound-http.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import type { ConfiguredIntegration } from '../config/effective-integration.ts';
import type { Json } from './provider-json.ts';

/** The longest part of a provider's own error text repeated in ours. */
const MAX_PROVIDER_MESSAGE = 300;
/** The longest wait a 429's Retry-After may ask for before its one retry. */
const MAX_RETRY_WAIT_MS = 5000;

/**
 * The readable part of a provider's error body (Atlassian's `errorMessages`, `errors`, `message`,
 * v2 `errors[].title`; a language model API's `error.message`), shown to workspace members: the
 * call's own `secrets` (a server at a wrong base URL may echo the Authorization header) and
 * anything that looks like a secret are masked.
 */
export function providerMessage(text: string, secrets: string[] = []): string {
  let message = text;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const parts: unknown[] = [
      ...(Array.isArray(body.errorMessages) ? body.errorMessages : []),
      ...(body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
        ? Object.values(body.errors)
        : []),
      ...(Array.isArray(body.errors)
        ? body.errors.map((e: { title?: unknown; detail?: unknown }) => e.detail ?? e.title)
        : []),
      body.message,
      body.error && typeof body.error === 'object'
        ? (body.error as Record<string, unknown>).message
        : undefined,
    ];
    const texts = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    if (texts.length > 0) message = texts.join('; ');
  } catch {
    // Not JSON: the text itself.
  }
  for (const secret of secrets) if (secret) message = message.replaceAll(secret, '[redacted]');
  const flat = redactSecrets(message).text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_PROVIDER_MESSAGE
    ? `${flat.slice(0, MAX_PROVIDER_MESSAGE)}…`
    : flat || '(no message)';
}

/**
 * A GET to a provider with the integration's Basic credentials, answering the JSON object of a 2xx.
 * `missing` names what a 404 means (the read fails with 404 and the provider's message). Credentials
 * refused, limits, provider errors, timeouts and network failures answer 502 `upstream_error`
 * naming the provider and its answer; never a 500.
 */
export async function providerGetJson(
  ctx: Ctx,
  integration: ConfiguredIntegration<'tracker' | 'wiki'>,
  url: string,
  missing: string,
): Promise<Json> {
  const label = integration.provider;
  const token = integration.fields.api_token;
  const credentials = Buffer.from(`${integration.fields.email}:${token}`).toString('base64');
  const { timeoutMs, allowPrivateNetwork } = ctx.config.integrations;
  let res;
  try {
    res = await withOneRetryOn429(
      () =>
        outboundGet({
          url,
          headers: { authorization: `Basic ${credentials}` },
          timeoutMs,
          allowPrivate: allowPrivateNetwork,
        }),
      Math.min(MAX_RETRY_WAIT_MS, timeoutMs),
    );
  } catch (e) {
    if (e instanceof OutboundError)
      throw upstreamError(`The ${label} could not be reached: ${e.message}`, { reason: e.kind });
    throw e;
  }
  if (res.status >= 200 && res.status < 300) {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw upstreamError(`The ${label} answered something that is not JSON`, { status: res.status });
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw upstreamError(`The ${label} answered JSON that is not an object`, { status: res.status });
    }
    return body as Json;
  }
  const said = providerMessage(res.text, [token, credentials]);
  if (res.status === 404) throw new AppError('not_found', `${missing} not found at the ${label}: ${said}`);
  const why =
    res.status === 401 || res.status === 403
      ? 'refused the credentials or the permission'
      : res.status === 429
        ? 'is limiting requests'
        : `failed (${res.status})`;
  throw upstreamError(`The ${label} ${why}: ${said}`, { status: res.status });
}

/** The HTTP status a provider answered, when `e` is the upstream error of one. */
export function providerStatus(e: unknown): number | undefined {
  if (!(e instanceof AppError) || e.code !== 'upstream_error') return undefined;
  const status = (e.details as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
