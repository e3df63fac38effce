import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../../test/harness.ts';
import { withTypes } from './json-schema-types.ts';
import { listening, textOf, toolTexts, untypedSchemas } from '../mcp-client.fixtures.ts';
import { sessionClient, succeeds } from '../mcp-tools.fixtures.ts';

/**
 * What MCP clients read of the tools: a `type` on every schema of every tool's input and output
 * (strict clients such as the MCP Inspector warn otherwise), and, on the remote `/mcp` endpoint,
 * descriptions that do not speak of a folder, git or roots the server cannot see.
 */
const h = useHarness();
let base: string;
let writer: TestUser;
let ws: string;
let project: string;

beforeAll(async () => {
  base = await listening(h);
  writer = await h.user();
  ws = await h.workspace([[writer, 'member']]);
  project = await h.project(ws, [[writer, 'writer']]);
});

async function remote(headers: Record<string, string> = {}) {
  const client = new Client({ name: 'schema-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { ...writer.headers, ...headers } },
    }),
  );
  return client;
}

/** Folder words a remote description must not use. */
const FOLDER_WORDS = /working directory|\bgit\b|\broots?\b/i;

describe('tool schemas', () => {
  it('over /mcp: every schema of every tool carries a type, and the client validates answers with them', async () => {
    const client = await remote({ 'x-ctxhub-workspace': ws, 'x-ctxhub-project': project });
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(14);
    expect(tools.flatMap(untypedSchemas)).toEqual([]);
    // The nullable object, free-form metadata and recursive JSON schemas, checked by the SDK client.
    const stored = await succeeds(client, 'remember', {
      type: 'note',
      content: 'Typed schemas please strict clients',
      metadata: { tags: ['mcp', { depth: 2 }], reviewed: null },
    });
    expect(stored.structuredContent.metadata).toEqual({ tags: ['mcp', { depth: 2 }], reviewed: null });
    await succeeds(client, 'recall', { q: 'strict clients' });
    await client.close();
    const bare = await remote();
    await bare.listTools();
    expect((await succeeds(bare, 'get_current_project')).structuredContent.project).toBeNull();
    await bare.close();
  });

  it('over /mcp: no tool, field or instruction speaks of a working directory, git or roots', async () => {
    const client = await remote();
    const { tools } = await client.listTools();
    const texts = tools.flatMap((t) => toolTexts(t).map((text) => `${t.name}: ${text}`));
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => FOLDER_WORDS.test(text))).toEqual([]);
    expect(client.getInstructions()).toMatch(/X-Ctxhub-Workspace/);
    expect(client.getInstructions()).not.toMatch(FOLDER_WORDS);
    await client.close();
  });

  it('over stdio: every schema carries a type, and the wording speaks of the working directory', async () => {
    const { client } = await sessionClient(h, writer, { workspaceKey: ws, projectKey: project });
    const { tools } = await client.listTools();
    expect(tools.flatMap(untypedSchemas)).toEqual([]);
    const recall = tools.find((t) => t.name === 'recall')!;
    expect(recall.description).toContain("the working directory's monorepo sub-path");
    expect(JSON.stringify(recall.inputSchema)).toContain("default: the working directory's");
    expect(client.getInstructions()).toMatch(/follows the working directory/);
    const state = await succeeds(client, 'get_current_project');
    expect(textOf(state)).toContain(project);
  });
});

describe('withTypes', () => {
  it('adds what each schema allows, and leaves typed schemas and the input alone', () => {
    const input = {
      type: 'object',
      properties: {
        maybe: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] },
        any: {},
        fixed: { const: 3 },
        choice: { enum: ['a', null] },
        both: { allOf: [{ type: ['string', 'null'] }, { type: 'string', minLength: 1 }] },
        tree: { $ref: '#/definitions/node' },
      },
      definitions: {
        node: {
          anyOf: [{ type: 'array', items: { $ref: '#/definitions/node' } }, { $ref: '#/definitions/leaf' }],
        },
        leaf: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    };
    const copy = structuredClone(input);
    const typed = withTypes(input);
    expect(input).toEqual(copy);
    expect(typed.properties.maybe).toMatchObject({ type: ['object', 'null'] });
    expect(typed.properties.any).toEqual({
      type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
    });
    expect(typed.properties.fixed).toEqual({ const: 3, type: 'number' });
    expect(typed.properties.choice).toEqual({ enum: ['a', null], type: ['string', 'null'] });
    expect(typed.properties.both).toMatchObject({ type: 'string' });
    expect(typed.definitions.leaf).toMatchObject({ type: ['string', 'integer'] });
    expect(typed.definitions.node).toMatchObject({ type: ['array', 'string', 'integer'] });
    expect(typed.properties.tree).toEqual({
      $ref: '#/definitions/node',
      type: ['array', 'string', 'integer'],
    });
    expect(untypedSchemas({ name: 't', inputSchema: typed })).toEqual([]);
  });
});
