import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { AddressInfo } from 'node:net';
import type { Harness, TestUser } from '../../test/harness.ts';
import { version } from '../../platform/version.ts';
import type { ApiPort } from './api-port.ts';
import type { McpContext } from './mcp-context.ts';
import { createMcpServer } from './mcp-server.ts';

/** What MCP tool tests read of a tool result. */
export interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text: string }>;
}

/** A tool result's text content, joined. */
export const textOf = (result: unknown) =>
  ((result as ToolResult).content ?? []).map((c) => c.text).join('\n');

/** Calls a tool and types the result for assertions. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as unknown as ToolResult;
}

/** A real SDK client connected to the ctxhub MCP server over the in-memory transport. */
export async function inMemoryClient(api: ApiPort, context: McpContext): Promise<Client> {
  const server = createMcpServer({ api, context, version });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'ctxhub-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** The harness app listening on 127.0.0.1 (for clients that need a real URL); its base URL. */
export async function listening(h: Harness): Promise<string> {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}

/** A user's API key as the environment of `ctxhub mcp` / `ctxhub context` expects it. */
export const clientEnvOf = (base: string, user: TestUser) => ({
  SERVICE_URL: base,
  SERVICE_API_KEY: user.key,
});
