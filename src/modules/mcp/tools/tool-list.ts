import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { withTypes } from './json-schema-types.ts';
import { remoteDescriptions, worded, type McpTransport, type Wording } from './tool-wording.ts';

/** A tool as it is defined once for every transport. */
export interface ToolConfig<In extends z.ZodRawShape> {
  title: string;
  description: Wording;
  inputSchema: In;
  outputSchema: z.ZodRawShape;
  annotations: ToolAnnotations;
}

type JsonSchema = Tool['inputSchema'];

/** JSON Schemas by shape (the tool shapes are module constants), then by io and transport. */
const converted = new WeakMap<z.ZodRawShape, Map<string, JsonSchema>>();

/**
 * A tool shape's JSON Schema as the SDK writes it (draft-07, the input or the output side), with
 * the transport's field descriptions and a `type` on every schema (json-schema-types.ts). Built
 * once per process: a server is created for every request of the remote endpoint.
 */
function toolJsonSchema(shape: z.ZodRawShape, io: 'input' | 'output', transport: McpTransport) {
  const byKey = converted.get(shape) ?? new Map<string, JsonSchema>();
  converted.set(shape, byKey);
  const key = `${io} ${transport}`;
  let schema = byKey.get(key);
  if (!schema) {
    const document = z.toJSONSchema(z.object(shape), {
      target: 'draft-7',
      io,
      override: ({ zodSchema, jsonSchema }) => {
        const remote = transport === 'remote' && remoteDescriptions.get(zodSchema);
        if (remote) jsonSchema.description = remote.description;
      },
    });
    schema = withTypes(document as Record<string, unknown>) as JsonSchema;
    byKey.set(key, schema);
  }
  return schema;
}

/**
 * The tools of one MCP server, for one transport: `add` registers a tool with the SDK (which
 * validates arguments and results with its zod shapes) in the transport's wording; `serveList`
 * then answers `tools/list` with the tools' JSON Schemas from toolJsonSchema instead of the SDK's
 * own conversion. The tool set is fixed once served (no tools enabled, disabled or added later).
 */
export class ToolSet {
  private readonly tools: Array<{ name: string; config: ToolConfig<z.ZodRawShape> }> = [];

  constructor(
    private readonly server: McpServer,
    readonly transport: McpTransport,
  ) {}

  add<In extends z.ZodRawShape>(name: string, config: ToolConfig<In>, run: ToolCallback<In>): void {
    this.server.registerTool(
      name,
      { ...config, description: worded(config.description, this.transport) },
      run,
    );
    this.tools.push({ name, config });
  }

  serveList(): void {
    let listed: Tool[] | undefined;
    this.server.server.setRequestHandler(ListToolsRequestSchema, () => {
      listed ??= this.tools.map(({ name, config }) => ({
        name,
        title: config.title,
        description: worded(config.description, this.transport),
        inputSchema: toolJsonSchema(config.inputSchema, 'input', this.transport),
        outputSchema: toolJsonSchema(config.outputSchema, 'output', this.transport),
        annotations: config.annotations,
        execution: { taskSupport: 'forbidden' },
      }));
      return { tools: listed };
    });
  }
}
