/**
 * The language model extraction's evaluation asks: an OpenAI-style endpoint on 127.0.0.1 (the test
 * suite's ModelFake) that answers each chunk one of three ways:
 * - `replay`: the answer recorded for the same prompt in a file (`{"answers": {<sha256 of the
 *   prompt>: <answer text>}}`); a prompt not recorded answers no memories and is counted;
 * - `real`: forwarded to a real OpenAI-style endpoint (`--model-url`, `--model`, the key in
 *   OPENAI_API_KEY), optionally recording every answer into a replay file;
 * - `oracle`: the corpus's own labels, proposed for the message that states them, as a perfect
 *   model would answer: an upper bound that measures the merge and dedupe, not a model.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { ModelFake, type ModelCall } from '../../src/test/fakes/model-fake.ts';
import type { Label } from './match-staged.ts';

export type ModelMode =
  | { kind: 'replay'; file: string }
  | { kind: 'real'; url: string; model: string; apiKey: string; record?: string }
  | { kind: 'oracle'; labels: Label[] };

export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Calls answered, and (replay) prompts that had no recorded answer. */
  counts(): { calls: number; unrecorded: number };
  close(): Promise<void>;
}

const promptOf = (call: ModelCall) => call.body.messages?.at(-1)?.content ?? '';
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The chunk's numbered messages (`[n] role: text`). */
const messagesOf = (call: ModelCall) => promptOf(call).split(/\n\n(?=\[\d+\] (?:user|assistant): )/);

/** Labels whose words nearly all appear in one message, proposed for it (each label once per run). */
function oracle(labels: Label[]): (call: ModelCall) => string {
  const proposed = new Set<Label>();
  return (call) => {
    const memories = messagesOf(call).flatMap((message, index) => {
      const have = words(message);
      return labels.flatMap((label) => {
        if (label.optional || proposed.has(label)) return [];
        const want = [...words(label.text)];
        const share = want.filter((w) => have.has(w)).length / Math.max(1, want.length);
        if (share < 0.8) return [];
        proposed.add(label);
        return [{ type: label.type, content: label.text, message: index }];
      });
    });
    return JSON.stringify({ memories });
  };
}

/** The text of a real endpoint's chat completion. */
async function forward(mode: Extract<ModelMode, { kind: 'real' }>, call: ModelCall): Promise<string> {
  const res = await fetch(`${mode.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${mode.apiKey}` },
    body: JSON.stringify({ ...call.body, model: mode.model }),
  });
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
  if (!res.ok) throw new Error(`the model answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.choices?.[0]?.message?.content ?? '';
}

export async function startModelEndpoint(mode: ModelMode): Promise<ModelEndpoint> {
  const fake = await new ModelFake().listen();
  let unrecorded = 0;
  const recorded: Record<string, string> =
    mode.kind === 'replay'
      ? (JSON.parse(readFileSync(mode.file, 'utf8')) as { answers: Record<string, string> }).answers
      : {};
  if (mode.kind === 'oracle') fake.script = oracle(mode.labels);
  else if (mode.kind === 'replay') {
    fake.script = (call) => {
      const answer = recorded[digest(promptOf(call))];
      if (answer === undefined) unrecorded++;
      return answer ?? '{"memories":[]}';
    };
  } else {
    fake.script = async (call) => {
      const answer = await forward(mode, call);
      recorded[digest(promptOf(call))] = answer;
      return answer;
    };
  }
  return {
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: mode.kind === 'real' ? mode.model : `${mode.kind}-model`,
    counts: () => ({ calls: fake.calls.length, unrecorded }),
    close: async () => {
      if (mode.kind === 'real' && mode.record)
        writeFileSync(mode.record, `${JSON.stringify({ answers: recorded }, null, 1)}\n`);
      await fake.close();
    },
  };
}
