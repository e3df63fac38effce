import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isApiFailure } from './api-port.ts';
import type { CallContext } from './mcp-context.ts';

/** A tool's answer: the structured result (checked against its output schema) and a short text. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  text: string;
}

/**
 * Runs a tool's work. Every failure (the server's error answer, a missing context, an unreachable
 * server) becomes a tool result with `isError` and the message, never a protocol error, so the
 * assistant reads what went wrong. A project switch the work saw (`seen`) is reported with the
 * failure too, since it is reported only once.
 */
export async function runTool(
  work: (seen: (context: CallContext) => CallContext) => Promise<ToolAnswer>,
): Promise<CallToolResult> {
  let context: CallContext | undefined;
  try {
    const { structured, text } = await work((c) => (context = c));
    return { structuredContent: structured, content: [{ type: 'text', text }] };
  } catch (err) {
    const text = failureText(err);
    return { isError: true, content: [{ type: 'text', text: context ? withContext(context, text) : text }] };
  }
}

/** Programming errors say nothing of the code to the caller (the remote endpoint's clients). */
const INTERNAL = [TypeError, ReferenceError, RangeError, SyntaxError];

function failureText(err: unknown): string {
  if (isApiFailure(err)) return `${err.message} (HTTP ${err.status} ${err.code})`;
  if (INTERNAL.some((kind) => err instanceof kind)) return 'Internal error in the ctxhub MCP tool';
  return err instanceof Error ? err.message : String(err);
}

/** The lines that tell the user about a project switch or notice, before a tool's own text. */
export function withContext(context: CallContext, text: string): string {
  const lines: string[] = [];
  if (context.switched) {
    lines.push(
      context.switched.from
        ? `Switched project: ${context.switched.from} -> ${context.switched.to} (${context.switched.reason}).`
        : `Project: ${context.switched.to} (${context.switched.reason}).`,
    );
  }
  if (context.notice) lines.push(`Note: ${context.notice}`);
  return [...lines, text].join('\n');
}

/** "1 memory", "3 memories". */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
