import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../modules/mcp/mcp-server.ts';
import { version } from '../platform/version.ts';
import { clientSession } from './client-session.ts';

/**
 * `ctxhub mcp`: the MCP server of a coding assistant on stdio. Stdout carries the protocol only;
 * the one start-up line goes to stderr. It reads the working directory's git context and never
 * writes anything there.
 */
export async function mcpCommand(): Promise<void> {
  const { config, api, context } = clientSession(process.cwd());
  const server = createMcpServer({ api, context, version });
  const transport = new StdioServerTransport();
  const done = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  process.stderr.write(
    `ctxhub mcp ${version}: serving on stdio for ${config.serviceUrl}` +
      `${config.workspaceKey ? `, workspace ${config.workspaceKey}` : ''}\n`,
  );
  await done;
}
