import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiPort } from './api-port.ts';
import { registerBundleTool } from './bundle-tool.ts';
import { registerContextTools } from './context-tools.ts';
import type { McpContext } from './mcp-context.ts';
import { registerMemoryTools } from './memory-tools.ts';
import { registerSourceTools } from './source-tools.ts';

const INSTRUCTIONS =
  'ctxhub is the team memory of this project. Call context_bundle at the start of a task, recall before ' +
  'deciding something the team may already have decided, and remember decisions, constraints and facts ' +
  'worth keeping (one self-contained statement each). The project follows the working directory unless ' +
  'set_project pinned one.';

/** The ctxhub MCP server: the same tools over stdio and the remote endpoint, over an API port and a context. */
export function createMcpServer(options: { api: ApiPort; context: McpContext; version: string }): McpServer {
  const server = new McpServer(
    { name: 'ctxhub', version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerContextTools(server, options.api, options.context);
  registerMemoryTools(server, options.api, options.context);
  registerBundleTool(server, options.api, options.context);
  registerSourceTools(server, options.api, options.context);
  return server;
}
