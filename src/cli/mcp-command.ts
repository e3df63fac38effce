import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { clientRoots } from './session/client-roots.ts';
import { createMcpServer, type BundleCheck } from '../modules/mcp/index.ts';
import { version } from '../platform/version.ts';
import { ApiClient } from './api-client.ts';
import { citationRun, REPORT_TIMEOUT_MS } from './citations/bundle-citations.ts';
import { apiPortOver, clientSession } from './session/client-session.ts';

/**
 * `ctxhub mcp`: the MCP server of a coding assistant on stdio. Stdout carries the protocol only;
 * the one start-up line goes to stderr. It reads the git context of the client's first root (MCP
 * roots, when the client offers them) or else of its own working directory, and never writes
 * anything there. context_bundle checks the code the bundle's memories cite in that working tree.
 */
export async function mcpCommand(): Promise<void> {
  const roots = clientRoots(process.cwd());
  const { config, api, context } = clientSession(roots.directory);
  const reports = apiPortOver(new ApiClient(config, REPORT_TIMEOUT_MS));
  // Code cited by the working directory's project is looked for here; what is missing is said in
  // the bundle, and reported in the background (a failure, a reader's 403 included, is ignored).
  const checkBundle: BundleCheck = async (bundle, at) => {
    if (!context.isWorkingTreeProject(at)) return bundle;
    const run = citationRun(roots.directory);
    const checked = await run.check(bundle);
    void run.report(reports, at.workspace_key);
    return checked;
  };
  const server = createMcpServer({ api, context, version, transport: 'stdio', checkBundle });
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
