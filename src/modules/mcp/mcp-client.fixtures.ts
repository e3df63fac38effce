import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { AddressInfo } from 'node:net';
import type { Harness } from '../../test/harness.ts';
import { version } from '../../platform/version.ts';
import type { ApiPort } from './tools/api-port.ts';
import type { McpContext } from './tools/mcp-context.ts';
import { createMcpServer } from './tools/mcp-server.ts';
import type { McpTransport } from './tools/tool-wording.ts';

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

/** A real SDK client connected to the ctxhub MCP server (worded for `transport`) over the in-memory transport. */
export async function inMemoryClient(
  api: ApiPort,
  context: McpContext,
  transport: McpTransport,
): Promise<Client> {
  const server = createMcpServer({ api, context, version, transport });
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

/** A listed tool, as far as the schema checks read it. */
interface ListedTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: object;
  outputSchema?: object | undefined;
}

/**
 * Where a listed tool's schemas hold a schema without `type` (every property, item, branch,
 * definition at any depth of the input and output schema): `tool.in.properties.x` paths.
 */
export function untypedSchemas(tool: ListedTool): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const schema = node as Record<string, unknown>;
    if (schema.type === undefined) found.push(path);
    for (const [key, value] of Object.entries(schema)) {
      if (['properties', 'definitions', '$defs', 'patternProperties'].includes(key) && value) {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${path}.${key}.${name}`);
      } else if (['items', 'additionalProperties', 'not', 'contains', 'propertyNames'].includes(key)) {
        walk(value, `${path}.${key}`);
      }
      if (['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'].includes(key) && Array.isArray(value)) {
        value.forEach((sub, i) => walk(sub, `${path}.${key}[${i}]`));
      }
    }
  };
  walk(tool.inputSchema, `${tool.name}.in`);
  walk(tool.outputSchema, `${tool.name}.out`);
  return found;
}

/** Every text a client shows of a listed tool: title, description, and each schema description. */
export function toolTexts(tool: ListedTool): string[] {
  const texts = [tool.title ?? '', tool.description ?? ''];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') texts.push(value);
      else walk(value);
    }
  };
  walk(tool.inputSchema);
  walk(tool.outputSchema);
  return texts;
}
