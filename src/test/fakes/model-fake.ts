import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, send, type FakeReply } from './fake-server.ts';

/** A call as the fake received it: which API shape, the key it carried, the JSON body. */
export interface ModelCall {
  shape: 'openai' | 'anthropic';
  apiKey: string | undefined;
  anthropicVersion: string | undefined;
  body: {
    model?: string;
    max_tokens?: number;
    system?: string;
    messages?: Array<{ role: string; content: string }>;
  };
  /** Everything the model was shown (system and messages), to check what left the server. */
  text: string;
  at: number;
}

/**
 * A queued answer: a reply as it is, or just text (answered in the called shape); sent after
 * `delayMs`, or once `gate` settles (a model that answers only when the test says so).
 */
type Queued = ({ reply: FakeReply } | { text: string }) & { delayMs?: number; gate?: Promise<unknown> };

/**
 * A language model API on 127.0.0.1 speaking both shapes: OpenAI-style `POST /v1/chat/completions`
 * (Bearer key) and Anthropic-style `POST /v1/messages` (`x-api-key`, `anthropic-version`). Each call
 * is answered by the next queued answer, else by `script` (the text for a call), in the shape of
 * the API called, with token counts of about a token per 4 characters. A wrong key answers 401 in
 * the provider's error shape, as the real APIs do.
 */
export class ModelFake {
  readonly calls: ModelCall[] = [];
  /** The text of every unqueued answer (a promise of it for a script that asks elsewhere). */
  script: (call: ModelCall) => string | Promise<string> = () => 'A member changed the workspace settings.';
  private readonly queued: Queued[] = [];
  private readonly server: Server;
  private base = '';

  constructor(readonly apiKey = 'sk-fake-MODELKEY-0123456789') {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => socket.unref());
  }

  get baseUrl(): string {
    return this.base;
  }

  /** The next calls get these answers, in order. */
  answerNext(...answers: Queued[]): void {
    this.queued.push(...answers);
  }

  reset(): void {
    this.calls.length = 0;
    this.queued.length = 0;
    this.script = () => 'A member changed the workspace settings.';
  }

  async listen(): Promise<this> {
    this.base = await listenOnLoopback(this.server);
    return this;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const shape =
      req.url === '/v1/chat/completions' ? 'openai' : req.url === '/v1/messages' ? 'anthropic' : null;
    if (req.method !== 'POST' || shape === null) {
      return send(res, { status: 404, body: { error: { message: `no route ${req.method} ${req.url}` } } });
    }
    let body: ModelCall['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ModelCall['body'];
    } catch {
      return send(res, { status: 400, body: { error: { message: 'the body is not JSON' } } });
    }
    const auth = req.headers.authorization;
    const apiKey =
      shape === 'openai'
        ? auth?.startsWith('Bearer ')
          ? auth.slice(7)
          : undefined
        : (req.headers['x-api-key'] as string | undefined);
    const call: ModelCall = {
      shape,
      apiKey,
      anthropicVersion: req.headers['anthropic-version'] as string | undefined,
      body,
      text: [body.system ?? '', ...(body.messages ?? []).map((m) => m.content)].join('\n'),
      at: Date.now(),
    };
    this.calls.push(call);
    const next = this.queued.shift();
    if (next?.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs).unref());
    if (next?.gate) await next.gate;
    if (res.destroyed) return;
    if (next && 'reply' in next) return send(res, next.reply);
    if (apiKey !== this.apiKey) {
      const error =
        shape === 'openai'
          ? {
              error: {
                message: `Incorrect API key provided: ${apiKey ?? ''}`,
                type: 'invalid_request_error',
              },
            }
          : { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
      return send(res, { status: 401, body: error });
    }
    const text = next ? next.text : await this.script(call);
    const inputTokens = Math.ceil(call.text.length / 4);
    const outputTokens = Math.ceil(text.length / 4);
    send(res, {
      status: 200,
      body:
        shape === 'openai'
          ? {
              id: 'chatcmpl-fake',
              object: 'chat.completion',
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
              usage: {
                prompt_tokens: inputTokens,
                completion_tokens: outputTokens,
                total_tokens: inputTokens + outputTokens,
              },
            }
          : {
              id: 'msg_fake',
              type: 'message',
              role: 'assistant',
              model: body.model,
              content: [{ type: 'text', text }],
              stop_reason: 'end_turn',
              usage: { input_tokens: inputTokens, output_tokens: outputTokens },
            },
    });
  }
}
