import type { Ctx } from '../../../platform/context.ts';
import { OutboundError, outboundPostJson, retryAfterSeconds } from '../../../platform/outbound-http.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import { integrationIn } from '../config/configured-integration.ts';
import { isConfigured } from '../config/effective-integration.ts';
import { providerMessage } from '../provider/provider-call.ts';
import { ModelFailure } from './model-failure.ts';
import { hourOf, recordModelCall, reserveModelCall } from './model-usage.ts';
import {
  modelRequest,
  modelUrl,
  readModelAnswer,
  type ModelAnswer,
  type ModelPrompt,
  type ModelProvider,
} from './model-shapes.ts';

/** Attempts of one call at most (the first and two retries), all inside its deadline. */
const MAX_ATTEMPTS = 3;
/** The wait before a retry that the provider named none for, doubled each time. */
const FIRST_BACKOFF_MS = 500;
/** The largest answer read from a model (its text is short; anything bigger is not an answer). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Asks the workspace's language model (the `audit_reasoner` provider's configuration as it
 * applies: environment first) one prompt, and answers its text and token counts. The prompt is
 * masked by the secret redaction before it leaves, and so is the answer before it is returned.
 * Counted against the workspace's hourly cap before the call; 429 (after its `retry-after`), 5xx
 * and network failures are retried within one deadline (SERVICE_MODEL_TIMEOUT_MS). Every failure is
 * a ModelFailure saying why; none is thrown as anything else.
 */
export async function askModel(ctx: Ctx, workspaceId: string, prompt: ModelPrompt): Promise<ModelAnswer> {
  const integration = await integrationIn(ctx, workspaceId, 'audit_reasoner');
  if (!isConfigured(integration)) {
    throw new ModelFailure(
      'not_configured',
      `the language model has no ${integration.missing.join(', ')} (set it on the audit reasoner)`,
    );
  }
  if (!integration.enabled) throw new ModelFailure('disabled', 'the audit reasoner is turned off');
  const { llm_provider: provider, model, api_key: apiKey, base_url: baseUrl } = integration.fields;
  const { hourlyCallCap, timeoutMs } = ctx.config.integrations.model;
  const hour = hourOf(ctx.now());
  if (!(await reserveModelCall(ctx, workspaceId, hour, hourlyCallCap))) {
    throw new ModelFailure(
      'cap_reached',
      `the workspace has made its ${hourlyCallCap} model calls this hour (SERVICE_MODEL_HOURLY_CALL_CAP)`,
    );
  }
  try {
    const masked = { ...prompt, system: mask(prompt.system, apiKey), user: mask(prompt.user, apiKey) };
    const answer = await callWithRetries(
      ctx,
      provider,
      modelUrl(provider, baseUrl),
      model,
      apiKey,
      masked,
      timeoutMs,
    );
    const outcome = { ...answer, text: mask(answer.text, apiKey) };
    await recordModelCall(ctx, workspaceId, hour, outcome);
    return outcome;
  } catch (err) {
    await recordModelCall(ctx, workspaceId, hour, 'failed');
    throw err;
  }
}

/** `text` with anything that looks like a secret, and the call's own key, masked. */
function mask(text: string, apiKey: string): string {
  return redactSecrets(text.replaceAll(apiKey, '[redacted]')).text;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callWithRetries(
  ctx: Ctx,
  provider: ModelProvider,
  url: string,
  model: string,
  apiKey: string,
  prompt: ModelPrompt,
  timeoutMs: number,
): Promise<ModelAnswer> {
  const deadline = Date.now() + timeoutMs;
  const { headers, body } = modelRequest(provider, model, apiKey, prompt);
  const label = provider === 'anthropic' ? 'Anthropic-style' : 'OpenAI-style';
  let backoff = FIRST_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    const left = deadline - Date.now();
    if (left <= 0) throw new ModelFailure('timeout', `the model gave no answer within ${timeoutMs} ms`);
    let retry: { failure: ModelFailure; waitMs: number };
    try {
      const res = await outboundPostJson(
        {
          url,
          headers,
          timeoutMs: left,
          allowPrivate: ctx.config.integrations.allowPrivateNetwork,
          maxBytes: MAX_ANSWER_BYTES,
        },
        body,
      );
      const said = () => providerMessage(res.text, [apiKey]);
      if (res.status >= 200 && res.status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(res.text);
        } catch {
          throw new ModelFailure('malformed', `the ${label} API answered something that is not JSON`);
        }
        const read = readModelAnswer(provider, model, json);
        if ('problem' in read)
          throw new ModelFailure('malformed', `the ${label} answer does not fit: ${read.problem}`);
        return read;
      }
      if (res.status === 401 || res.status === 403) {
        throw new ModelFailure('refused', `the model refused the API key (HTTP ${res.status}): ${said()}`);
      }
      if (res.status === 429) {
        const wait = retryAfterSeconds(res.headers['retry-after'], Date.now());
        retry = {
          failure: new ModelFailure('limited', `the model is limiting requests (HTTP 429): ${said()}`),
          waitMs: wait === null ? backoff : wait * 1000,
        };
      } else if (res.status >= 500) {
        retry = {
          failure: new ModelFailure('provider_error', `the model failed (HTTP ${res.status}): ${said()}`),
          waitMs: backoff,
        };
      } else {
        throw new ModelFailure('rejected', `the model rejected the request (HTTP ${res.status}): ${said()}`);
      }
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.kind === 'timeout')
        throw new ModelFailure('timeout', `the model gave no answer within ${timeoutMs} ms`);
      if (err.kind !== 'network')
        throw new ModelFailure('network', `the model cannot be called: ${err.message}`);
      retry = {
        failure: new ModelFailure('network', `the model could not be reached: ${err.message}`),
        waitMs: backoff,
      };
    }
    if (attempt >= MAX_ATTEMPTS || Date.now() + retry.waitMs >= deadline) throw retry.failure;
    await pause(retry.waitMs);
    backoff *= 2;
  }
}
