import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect } from 'vitest';
import { textOf, type ToolResult } from '../modules/mcp/mcp-client.fixtures.ts';
import type { CliTestServer } from './cli-server.fixtures.ts';

const BIN = fileURLToPath(new URL('../../bin/ctxhub.js', import.meta.url));

export interface StdioSession {
  client: Client;
  stderr: () => string;
  /** What the client could not read from the process's stdout (anything but protocol messages). */
  errors: Error[];
}

/**
 * `ctxhub mcp` processes as an assistant runs them (the SDK's StdioClientTransport), in a folder,
 * against the test server, with the dev user's key unless `env` says otherwise; `closeAll` ends
 * every process (bounded), and `unreadable` gathers what any of them wrote to stdout that was not
 * a protocol message.
 */
export function stdioMcpClients(server: CliTestServer, path: string) {
  const sessions: Array<{ client: Client; transport: StdioClientTransport }> = [];
  const unreadable: Error[] = [];

  async function open(cwd: string, env: Record<string, string>): Promise<StdioSession> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      env: {
        PATH: path,
        SERVICE_URL: server.baseUrl,
        SERVICE_API_KEY: server.dev.key,
        GIT_CEILING_DIRECTORIES: tmpdir(),
        ...env,
      },
      cwd,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (d) => (stderr += String(d)));
    const client = new Client({ name: 'ctxhub-cli-test', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (err) => {
      errors.push(err);
      unreadable.push(err);
    };
    sessions.push({ client, transport });
    await client.connect(transport);
    return { client, stderr: () => stderr, errors };
  }

  async function closeAll(): Promise<void> {
    for (const { client, transport } of sessions.splice(0)) {
      const pid = transport.pid;
      await client.close(); // ends stdin, then SIGTERM and SIGKILL after bounded waits
      if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  }

  return { open, closeAll, unreadable };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The call context of a project-scoped tool's successful result. */
export const contextOf = (r: ToolResult) => {
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent!.context as Record<string, unknown>;
};
