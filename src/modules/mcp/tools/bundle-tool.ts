import { z } from 'zod';
import { searchText } from '../../../platform/http/fields.ts';
import {
  DEFAULT_BUDGET,
  MAX_BUDGET,
  MIN_BUDGET,
  renderMarkdown,
  bundleAnswer,
  checkedBundle,
  type Bundle,
  type CheckedBundle,
} from '../../context/index.ts';
import { subpath } from '../../memories/index.ts';
import type { ApiPort } from './api-port.ts';
import { callContext, type CallContext, type McpContext } from './mcp-context.ts';
import type { ToolSet } from './tool-list.ts';
import { readOnly, scopeArgs } from './tool-fields.ts';
import { describedFor } from './tool-wording.ts';
import { runTool, withContext } from './tool-result.ts';

// Built once: a server is created for every request of the remote endpoint.
const CONTEXT_BUNDLE_INPUT = {
  q: searchText.optional().describe('What you are working on: its most relevant memories are added'),
  budget: z
    .number()
    .int()
    .min(MIN_BUDGET)
    .max(MAX_BUDGET)
    .optional()
    .describe(`Tokens the bundle fits in (${MIN_BUDGET}-${MAX_BUDGET}, default ${DEFAULT_BUDGET})`),
  mode: z.enum(['default', 'debug']).optional().describe('debug adds how the bundle was resolved and cut'),
  current_subpath: describedFor(subpath.optional(), {
    stdio: "Boost this sub-project (default: the working directory's)",
    remote: "Boost this monorepo sub-project's memories",
  }),
  ...scopeArgs,
};
const CONTEXT_BUNDLE_OUTPUT = checkedBundle.extend({ context: callContext }).shape;

/**
 * What the stdio adapter does with a bundle before it is shown, where it runs in the working tree
 * (the remote endpoint has none): items whose cited code it does not find get `citations_missing`.
 */
export type BundleCheck = (bundle: Bundle, at: CallContext) => Promise<CheckedBundle>;

/**
 * context_bundle: the project's bundle (after ensureContext), checked by `check` when given,
 * structured and as Markdown text.
 */
export function registerBundleTool(
  tools: ToolSet,
  api: ApiPort,
  context: McpContext,
  check?: BundleCheck,
): void {
  tools.add(
    'context_bundle',
    {
      title: 'Context bundle',
      description:
        "The current project's context for the prompt: summary, top decisions and constraints, active work, recent activity, and with q the memories most relevant to it, all within a token budget. The text is compact Markdown.",
      inputSchema: CONTEXT_BUNDLE_INPUT,
      outputSchema: CONTEXT_BUNDLE_OUTPUT,
      annotations: readOnly(false),
    },
    (args) =>
      runTool(async (seen) => {
        const at = seen(await context.project(args));
        const bundle = await api.get('/v1/context/bundle', bundleAnswer, {
          workspace_key: at.workspace_key,
          project_key: at.project_key,
          q: args.q,
          budget: args.budget,
          mode: args.mode,
          current_subpath: args.current_subpath ?? at.subpath ?? undefined,
        });
        const shown = check ? await check(bundle, at) : bundle;
        return { structured: { ...shown, context: at }, text: withContext(at, renderMarkdown(shown)) };
      }),
  );
}
