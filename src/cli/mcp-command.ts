import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { clientRoots } from './session/client-roots.ts';
import { createMcpServer } from '../modules/mcp/index.ts';
import { version } from '../platform/version.ts';
import { clientSession } from './session/client-session.ts';

/**
 * `ctxhub mcp`: the MCP server of a coding assistant on stdio. Stdout carries the protocol only;
 * the one start-up line goes to stderr. It reads the git context of the client's first root (MCP
 * roots, when the client offers them) or else of its own working directory, and never writes
 * anything there.
 */
export async function mcpCommand(): Promise<void> {
  const roots = clientRoots(process.cwd());
  const { config, api, context } = clientSession(roots.directory);
  const server = createMcpServer({ api, context, version, transport: 'stdio' });
  roots.attach(server, context);
  const done = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `ctxhub mcp ${version}: serving on stdio for ${new URL(config.serviceUrl).origin}` +
      `${config.workspaceKey ? `, workspace ${config.workspaceKey}` : ''}\n`,
  );
  await done;
}
