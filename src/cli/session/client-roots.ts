import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';

const ROOTS_TIMEOUT_MS = 2000;

/**
 * The folder the client works in, from its MCP roots: the first `file://` root, when the client
 * offers roots. Null when it does not, has none, or does not answer within 2 s.
 */
async function rootDirectory(server: Server): Promise<string | null> {
  if (!server.getClientCapabilities()?.roots) return null;
  try {
    const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    const first = roots.find((r) => r.uri.startsWith('file://'));
    return first ? fileURLToPath(first.uri) : null;
  } catch {
    return null;
  }
}

/**
 * Where the stdio adapter reads git: the client's first root, else `fallback` (its own working
 * directory). `directory` is asked at each resolution; `attach` connects it to the server once
 * that exists, and makes a roots change forget what the session learned.
 */
export function clientRoots(fallback: string) {
  let server: Server | undefined;
  return {
    directory: async (): Promise<string> => (server && (await rootDirectory(server))) ?? fallback,
    attach(mcp: McpServer, session: { invalidate(): void }): void {
      server = mcp.server;
      server.setNotificationHandler(RootsListChangedNotificationSchema, () => session.invalidate());
    },
  };
}
