import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiPort } from './api-port.ts';
import { registerBundleTool, type BundleCheck } from './bundle-tool.ts';
import { registerContextTools } from './context-tools.ts';
import type { McpContext } from './mcp-context.ts';
import { registerMemoryTools } from './memory-tools.ts';
import { registerSourceTools } from './source-tools.ts';
import { ToolSet } from './tool-list.ts';
import { registerWorkTools } from './work-tools.ts';
import { worded, type McpTransport, type Wording } from './tool-wording.ts';

const ADVICE =
  'ctxhub is the team memory of this project. Call context_bundle at the start of a task, recall before ' +
  'deciding something the team may already have decided, list_active_work to see who is working on what, ' +
  'and remember decisions, constraints and facts worth keeping (one self-contained statement each).';

const INSTRUCTIONS: Wording = {
  stdio: `${ADVICE} The project follows the working directory unless set_project pinned one.`,
  remote: `${ADVICE} The workspace and project come from the X-Ctxhub-Workspace and X-Ctxhub-Project headers, or the workspace_key and project_key arguments.`,
};

/**
 * The ctxhub MCP server: the same tools over stdio and the remote endpoint, over an API port and a
 * context, worded for the transport (the remote endpoint cannot see the client's folder, so only
 * the stdio adapter passes `checkBundle`).
 */
export function createMcpServer(options: {
  api: ApiPort;
  context: McpContext;
  version: string;
  transport: McpTransport;
  /** The stdio adapter's check of cited code in its working tree (never on the remote endpoint). */
  checkBundle?: BundleCheck;
}): McpServer {
  const server = new McpServer(
    { name: 'ctxhub', version: options.version },
    { capabilities: { tools: {} }, instructions: worded(INSTRUCTIONS, options.transport) },
  );
  const tools = new ToolSet(server, options.transport);
  registerContextTools(tools, options.api, options.context);
  registerMemoryTools(tools, options.api, options.context);
  registerBundleTool(tools, options.api, options.context, options.checkBundle);
  registerSourceTools(tools, options.api, options.context);
  registerWorkTools(tools, options.api, options.context);
  tools.serveList();
  return server;
}
