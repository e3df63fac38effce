import { JobFailure } from '../../../platform/jobs/job-failure.ts';
import {
  OutboundError,
  outboundPostJson,
  retryAfterSeconds,
  type OutboundResponse,
} from '../../../platform/outbound-http.ts';
import type { ChatPayload } from './chat-message.ts';

/** Slack's plain-text refusals: the message can never be delivered as it is, so it is not retried. */
const FINAL_REFUSALS = [
  'invalid_payload',
  'channel_not_found',
  'no_service',
  'channel_is_archived',
  'action_prohibited',
  'no_text',
] as const;

/** What the webhook answered to a message that was delivered. */
export interface ChatDelivered {
  status: number;
  answer: string;
}

/** The first line of an answer, short, for an error message. */
const said = (text: string) => text.trim().split('\n')[0]?.slice(0, 200) ?? '';

/**
 * The webhook's answer read as Slack documents it: `ok` (any 2xx) is delivered; a plain-text
 * refusal fails for good with its reason; 429 waits as long as `Retry-After` says; any other 4xx
 * fails for good (the request itself is wrong); 5xx retries.
 */
function readChatAnswer(res: OutboundResponse, nowMs: number): ChatDelivered {
  const reason = said(res.text);
  if (res.status >= 200 && res.status < 300) return { status: res.status, answer: reason || 'ok' };
  if (res.status === 429) {
    const wait = retryAfterSeconds(res.headers['retry-after'], nowMs);
    throw new JobFailure(
      `the chat webhook is rate limited (HTTP 429${wait === null ? '' : `, Retry-After ${wait} s`})`,
      wait === null ? {} : { retryAfterMs: wait * 1000 },
    );
  }
  const refusal = FINAL_REFUSALS.find((r) => reason === r);
  if (refusal) throw new JobFailure(`the chat webhook refused the message: ${refusal}`, { final: true });
  if (res.status >= 400 && res.status < 500) {
    throw new JobFailure(
      `the chat webhook refused the message: HTTP ${res.status}${reason ? ` ${reason}` : ''}`,
      {
        final: true,
      },
    );
  }
  throw new Error(`the chat webhook failed: HTTP ${res.status}${reason ? ` ${reason}` : ''}`);
}

/**
 * Posts `payload` to the webhook. The URL is a secret: no error message, log line or answer names
 * it (network failures say what failed, not where).
 */
export async function sendChatMessage(
  webhookUrl: string,
  payload: ChatPayload,
  options: { timeoutMs: number; allowPrivate: boolean; now: () => Date },
): Promise<ChatDelivered> {
  let res: OutboundResponse;
  try {
    res = await outboundPostJson(
      {
        url: webhookUrl,
        timeoutMs: options.timeoutMs,
        allowPrivate: options.allowPrivate,
        maxBytes: 64 * 1024,
      },
      payload,
    );
  } catch (err) {
    if (err instanceof OutboundError && err.kind === 'internal_address')
      throw new JobFailure(`the chat webhook address is refused: ${err.message}`, { final: true });
    if (err instanceof OutboundError)
      throw new Error(`the chat webhook could not be reached: ${err.message}`);
    throw err;
  }
  return readChatAnswer(res, options.now().getTime());
}
