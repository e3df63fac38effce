import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../platform/http/errors.ts';
import type { InternalCalls } from '../../platform/http/internal-calls.ts';
import { workspaceKey } from '../../platform/http/fields.ts';
import { originProblem } from '../../platform/http/origin-guard.ts';
import type { AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { version } from '../../platform/version.ts';
import { HeaderContext } from './header-context.ts';
import { injectApi } from './inject-api.ts';
import { projectKey } from '../tenancy/index.ts';

const tags = ['mcp'];

/**
 * The MCP SDK's server side and the tools, loaded with the first /mcp request: loading them at
 * every server start would cost about 0.2 s, for an endpoint many servers never serve.
 */
async function importSdk() {
  const [tools, http] = await Promise.all([
    import('./tools/mcp-server.ts'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return { createMcpServer: tools.createMcpServer, Transport: http.StreamableHTTPServerTransport };
}
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => (sdk ??= importSdk());

const CORS_REQUEST_HEADERS =
  'authorization, content-type, accept, mcp-protocol-version, x-ctxhub-workspace, x-ctxhub-project';

/** CORS answer headers for an Origin the guard allowed (none without Origin: not a browser). */
const corsHeaders = (origin: string | undefined): Record<string, string> =>
  origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'x-request-id, mcp-protocol-version',
        vary: 'Origin',
      }
    : {};

const contextHeaders = z.looseObject({
  'x-ctxhub-workspace': workspaceKey
    .optional()
    .describe('The workspace of tools called without workspace_key'),
  'x-ctxhub-project': projectKey.optional().describe('The project of tools called without project_key'),
});

/** A JSON-RPC error answer of the MCP transport (its own vocabulary, not the API envelope). */
function jsonRpcError(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
) {
  return reply
    .code(status)
    .headers(headers)
    .type('application/json')
    .serializer(JSON.stringify)
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
/**
 * The remote MCP endpoint: Streamable HTTP, stateless (a server and transport per request, JSON
 * answers), Bearer API key, Host and Origin checked against DNS rebinding. Tools call the API
 * through the app itself with the caller's key; the rate limit counts the MCP request only.
 */
export function mcpRoutes(app: App, deps: AppDeps, internalCalls: InternalCalls): void {
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    const problem = originProblem(deps.config.mcp, req.host, req.headers.origin);
    if (problem) throw forbidden(problem);
    reply.headers(corsHeaders(req.headers.origin));
  };

  // A browser's preflight (no key): allowed origins may POST with these headers.
  app.options('/mcp', {
    config: { public: true },
    onRequest: guard,
    schema: { tags, security: [], summary: 'CORS preflight of /mcp for allowed browser origins (no key)' },
    handler: (_req, reply) =>
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': CORS_REQUEST_HEADERS,
          'access-control-max-age': '600',
        })
        .send(),
  });

  app.post('/mcp', {
    onRequest: guard,
    schema: {
      tags,
      summary: 'MCP over Streamable HTTP (stateless): the ctxhub tools for remote clients',
      description:
        'JSON-RPC messages of the Model Context Protocol. The workspace and project of a tool call come from its ' +
        'arguments or the X-Ctxhub-Workspace / X-Ctxhub-Project headers. Host and Origin must be allowed ' +
        '(SERVICE_MCP_ALLOWED_HOSTS, SERVICE_MCP_ALLOWED_ORIGINS).',
      headers: contextHeaders,
    },
    handler: async (req, reply) => {
      // One message per request (MCP 2025-06-18 dropped batches): one tool call per charged request.
      if (Array.isArray(req.body)) {
        return jsonRpcError(
          reply,
          400,
          'Batches are not supported: send one JSON-RPC message per request',
          {},
          -32600,
        );
      }
      const api = injectApi(app, {
        authorization: req.headers.authorization ?? '',
        requestId: req.id,
        remoteAddress: req.ip,
        // Charged once, as this MCP request: its tool calls are not charged again.
        headers: internalCalls.headers(),
      });
      const context = new HeaderContext(api, {
        workspace: req.headers['x-ctxhub-workspace'] as string | undefined,
        project: req.headers['x-ctxhub-project'] as string | undefined,
      });
      const { createMcpServer, Transport } = await loadSdk();
      const server = createMcpServer({ api, context, version, transport: 'remote' });
      const transport = new Transport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      // Headers set so far (request id, rate limit, CORS) go out with the transport's answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.on('close', () => void server.close());
      try {
        await server.connect(transport);
        await transport.handleRequest(req.raw, reply.raw, req.body);
      } catch (err) {
        req.log.error({ err }, 'mcp request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32603, message: 'Internal server error' },
              id: null,
            }),
          );
        } else reply.raw.end();
      }
    },
  });

  // Stateless: no server-sent event stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      onRequest: guard,
      schema: {
        tags,
        summary: `405: the endpoint is stateless (no ${method === 'GET' ? 'event stream' : 'session'})`,
      },
      handler: (_req, reply) =>
        jsonRpcError(
          reply,
          405,
          'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages',
          {
            allow: 'POST',
          },
        ),
    });
  }
}
