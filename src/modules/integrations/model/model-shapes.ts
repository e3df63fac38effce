/**
 * The two API shapes ctxhub speaks to a language model: OpenAI-style `POST /v1/chat/completions`
 * (OpenAI itself and compatible servers such as Ollama or vLLM) and Anthropic-style
 * `POST /v1/messages`. A request is built from one prompt; an answer is read with zod, so an
 * answer of another shape is a failure with a reason, never a TypeError.
 */
import { z } from 'zod';
import type { REASONER_LLM_PROVIDERS } from '../../../config/index.ts';

export type ModelProvider = (typeof REASONER_LLM_PROVIDERS)[number];

/** What is asked: instructions, the text they apply to, and the longest answer wanted. */
export interface ModelPrompt {
  system: string;
  user: string;
  maxTokens: number;
}

/** The text the model answered and the tokens the provider counted. */
export interface ModelAnswer {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

const DEFAULT_BASE_URLS: Record<ModelProvider, string> = {
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
};

const PATHS: Record<ModelProvider, string> = {
  openai: '/v1/chat/completions',
  anthropic: '/v1/messages',
};

/** Anthropic's API version header: the one its Messages API is documented with. */
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * The URL a call goes to: the base URL (the provider's own by default) with the shape's path. A
 * base URL given with its `/v1` (as OpenAI-compatible servers document theirs) is taken as well.
 */
export function modelUrl(provider: ModelProvider, baseUrl: string | undefined): string {
  const base = (baseUrl ?? DEFAULT_BASE_URLS[provider]).replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${base}${PATHS[provider]}`;
}

/** The headers and JSON body of one call. */
export function modelRequest(
  provider: ModelProvider,
  model: string,
  apiKey: string,
  prompt: ModelPrompt,
): { headers: Record<string, string>; body: Record<string, unknown> } {
  if (provider === 'anthropic') {
    return {
      headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      body: {
        model,
        max_tokens: prompt.maxTokens,
        temperature: 0,
        system: prompt.system,
        messages: [{ role: 'user', content: prompt.user }],
      },
    };
  }
  return {
    headers: { authorization: `Bearer ${apiKey}` },
    body: {
      model,
      max_tokens: prompt.maxTokens,
      temperature: 0,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    },
  };
}

const tokens = z.number().int().nonnegative();

const openAiAnswer = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }) }))
    .min(1, 'has no choices'),
  usage: z.object({ prompt_tokens: tokens, completion_tokens: tokens }).partial().optional(),
});

const anthropicAnswer = z.object({
  model: z.string().optional(),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
  usage: z.object({ input_tokens: tokens, output_tokens: tokens }).partial().optional(),
});

/** The answer of a 2xx read in its shape, or why it cannot be read. */
export function readModelAnswer(
  provider: ModelProvider,
  model: string,
  body: unknown,
): ModelAnswer | { problem: string } {
  if (provider === 'anthropic') {
    const parsed = anthropicAnswer.safeParse(body);
    if (!parsed.success) return { problem: problemOf(parsed.error) };
    const text = parsed.data.content
      .flatMap((block) => (block.type === 'text' && block.text ? [block.text] : []))
      .join('\n')
      .trim();
    if (!text) return { problem: 'the answer has no text' };
    return {
      text,
      model: parsed.data.model ?? model,
      inputTokens: parsed.data.usage?.input_tokens ?? 0,
      outputTokens: parsed.data.usage?.output_tokens ?? 0,
    };
  }
  const parsed = openAiAnswer.safeParse(body);
  if (!parsed.success) return { problem: problemOf(parsed.error) };
  const text = parsed.data.choices[0]?.message.content?.trim() ?? '';
  if (!text) return { problem: 'the answer has no text' };
  return {
    text,
    model: parsed.data.model ?? model,
    inputTokens: parsed.data.usage?.prompt_tokens ?? 0,
    outputTokens: parsed.data.usage?.completion_tokens ?? 0,
  };
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  return `${where} ${issue?.message ?? 'does not fit'}`.slice(0, 200);
}
