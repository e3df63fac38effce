import { z } from 'zod';

/**
 * Where the MCP tools are served: `stdio` is `ctxhub mcp`, beside the client, which reads the
 * client's folder (git, MCP roots); `remote` is the server's `/mcp` endpoint, which sees none of
 * it and takes the context from headers and arguments.
 */
export type McpTransport = 'stdio' | 'remote';

/** A text said one way, or one way per transport. */
export type Wording = string | Record<McpTransport, string>;

/** The text of a wording for a transport. */
export const worded = (wording: Wording, transport: McpTransport): string =>
  typeof wording === 'string' ? wording : wording[transport];

/** The remote descriptions of fields whose stdio description speaks of the client's folder. */
export const remoteDescriptions = z.registry<{ description: string }>();

/**
 * A field described per transport: the schema carries the stdio description (what validation and
 * the stdio listing show); the remote listing shows the remote one (tool-list.ts).
 */
export function describedFor<T extends z.ZodType>(schema: T, wording: Record<McpTransport, string>): T {
  const described = schema.describe(wording.stdio);
  remoteDescriptions.add(described, { description: wording.remote });
  return described;
}
