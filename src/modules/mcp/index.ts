/** The public face of the mcp module: what other modules, the CLI and the app may import from it. */
export {
  AnswerMismatchError,
  checkedAnswer,
  isApiFailure,
  pathWithQuery,
  segment,
} from './tools/api-port.ts';
export type { ApiPort } from './tools/api-port.ts';
export type { BundleCheck } from './tools/bundle-tool.ts';
export type { CallContext, ContextState, Given, McpContext } from './tools/mcp-context.ts';
export { mcpRoutes } from './routes.ts';
export { createMcpServer } from './tools/mcp-server.ts';
