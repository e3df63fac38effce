import {
  bundleAnswer,
  DEFAULT_BUDGET,
  MAX_BUDGET,
  MIN_BUDGET,
  renderMarkdown,
} from '../modules/context/index.ts';
import { isApiFailure, type ApiPort } from '../modules/mcp/index.ts';
import { listed, NoWorkspaceError } from './session/only-workspace.ts';
import { NoProjectError } from './session/session-context.ts';
import { ApiClient } from './api-client.ts';
import { citationRun, REPORT_TIMEOUT_MS, type CitationRun } from './citations/bundle-citations.ts';
import { CliError } from './cli-error.ts';
import { apiPortOver, clientSession } from './session/client-session.ts';

export interface ContextOptions {
  maxChars: string;
  budget?: string;
  q?: string;
  workspace?: string;
  project?: string;
  /** Print the SessionStart hook JSON instead of plain Markdown. */
  hook?: boolean;
}

/** Tries at the budget, then at smaller ones, before cutting the Markdown at a line. */
const MAX_TRIES = 3;
/**
 * Per call: a resolution and 3 bundle requests, then the reports of missing cited code (sent at
 * once, REPORT_TIMEOUT_MS each), stay within a hook's usual 60 s.
 */
const CALL_TIMEOUT_MS = 12_000;

/**
 * What stdout carries for `markdown` (empty where no project resolves): the Markdown itself, or
 * with `--hook` the one JSON line Claude Code, Codex CLI and Gemini CLI read from a SessionStart
 * hook, whose `additionalContext` is added to the session (Gemini CLI reads only this JSON).
 */
const present = (markdown: string, hook: boolean | undefined) =>
  hook
    ? `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: markdown } })}\n`
    : markdown;

/**
 * `ctxhub context`: the current project's bundle as Markdown on stdout, for a session-start hook
 * (with `--hook`, wrapped in the hook JSON). The workspace and project are found as `ctxhub mcp`
 * finds them (the only workspace when none is configured; the working directory's project); the
 * Markdown fits `--max-chars` (a smaller budget is asked for when the first answer is longer).
 * Where no project resolves it adds nothing (no output; with `--hook`, an empty context) and exits
 * 0 with a note on stderr, so a hook stays quiet in other folders. For the working directory's
 * project, the code its memories cite is looked for in the working tree: what is missing is said
 * next to its item and reported once the Markdown is out.
 */
export async function contextCommand(options: ContextOptions): Promise<void> {
  const maxChars = wholeNumber('--max-chars', options.maxChars, 500, 1_000_000);
  let budget = options.budget
    ? wholeNumber('--budget', options.budget, MIN_BUDGET, MAX_BUDGET)
    : DEFAULT_BUDGET;
  // --workspace is the session's workspace (not a one-call override), so the directory still resolves.
  const { config, api, context } = clientSession(async () => process.cwd(), {
    workspaceKey: options.workspace,
    timeoutMs: CALL_TIMEOUT_MS,
  });
  // Without one configured, the caller's only workspace. Several or none is a configuration
  // mistake, not a folder without a project: say so (exit 1).
  await context.workspace({}).catch((err: unknown) => {
    if (!(err instanceof NoWorkspaceError)) throw err;
    throw new CliError(
      err.memberOf.length
        ? `No workspace: set SERVICE_WORKSPACE_KEY or pass --workspace (yours: ${listed(err.memberOf)})`
        : 'No workspace: you belong to no ctxhub workspace yet',
    );
  });
  let at;
  try {
    at = await context.project({ project_key: options.project });
  } catch (err) {
    if (!(err instanceof NoProjectError)) throw err;
    process.stderr.write(
      `ctxhub context: no project here: ${err.reason} (pass --project or set SERVICE_PROJECT_KEY).\n`,
    );
    process.stdout.write(present('', options.hook));
    return;
  }
  // The code the memories of the working directory's project cite is looked for here.
  const citations = context.isWorkingTreeProject(at) ? citationRun(async () => process.cwd()) : null;
  let text = '';
  for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
    const bundle = await api.get('/v1/context/bundle', bundleAnswer, {
      workspace_key: at.workspace_key,
      project_key: at.project_key,
      budget,
      q: options.q || undefined,
      current_subpath: at.subpath ?? undefined,
    });
    text = renderMarkdown(citations ? await citations.check(bundle) : bundle);
    if (text.length <= maxChars || budget === MIN_BUDGET) break;
    budget = Math.max(MIN_BUDGET, Math.floor((budget * maxChars * 0.9) / text.length));
  }
  // The final line break counts: the whole Markdown is at most maxChars long.
  process.stdout.write(present(`${fitLines(text, maxChars - 1)}\n`, options.hook));
  if (citations) await reportMissing(citations, apiPortOver(new ApiClient(config, REPORT_TIMEOUT_MS)), at);
}

/**
 * Reports the cited code found missing. A reader may not report (403): that is said nowhere; any
 * other failure is one line on stderr, never a failure of the command.
 */
async function reportMissing(
  citations: CitationRun,
  api: ApiPort,
  at: { workspace_key: string },
): Promise<void> {
  const failures = await citations.report(api, at.workspace_key);
  const told = failures.filter((f) => !(isApiFailure(f.error) && f.error.status === 403));
  if (told.length) {
    process.stderr.write(
      `ctxhub context: missing cited code not reported (${told.map((f) => f.message).join('; ')}).\n`,
    );
  }
}

/** The text cut after its last whole line within `max` characters. */
export function fitLines(text: string, max: number): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.lastIndexOf('\n', max);
  return cut > 0 ? trimmed.slice(0, cut) : trimmed.slice(0, max);
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
