import { z } from 'zod';
import { workspaceKey } from '../../../platform/http/fields.ts';
import { contextOf, type AppDeps } from '../../../platform/http/request-context.ts';
import type { App } from '../../../platform/http/types.ts';
import { testChat } from './test-chat.ts';

const tags = ['integrations'];

const chatTestBody = z.strictObject({
  workspace_key: workspaceKey,
  channel: z.string().min(1).max(200).optional().describe('Send to this channel instead of default_channel'),
});

export const chatTestAnswer = z.object({
  status: z.number().int().describe("The webhook's HTTP status"),
  answer: z.string().describe('What the webhook replied (Slack: ok)'),
  channel: z.string().nullable().describe("The channel the message named (null: the webhook's own)"),
});

export function chatRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/integrations/chat/test', {
    schema: {
      tags,
      summary:
        'Send one test message through the chat integration now and answer what the webhook replied; workspace admin',
      body: chatTestBody,
      response: { 200: chatTestAnswer },
    },
    handler: async (req) => testChat({ ctx: contextOf(deps, req), input: req.body }),
  });
}
