// What every `ctxhub` command loads: commander and small modules only (no zod, database, HTTP
// framework or MCP SDK). Each command loads its own modules when it runs, so `--help`,
// `--version` and the session-start hook start fast.
import { Command } from 'commander';
import { DEFAULT_BUDGET } from '../modules/context/index.ts';
import { ConfigError } from '../config/config-error.ts';
import { DataDirLockedError } from '../platform/db/data-dir-lock.ts';
import { AppError } from '../platform/http/errors.ts';
import { ListenError } from '../platform/http/listen-error.ts';
import { version } from '../platform/version.ts';
import { regrowYoungGenerationQuickly } from '../platform/young-generation.ts';
import { CliError } from './cli-error.ts';
import type { CiEventOptions } from './ci-event-command.ts';
import type { ContextOptions } from './context-command.ts';
import type { SendOptions } from './git-hook/send-git-event.ts';
import type { ImportOptions } from './import-command.ts';

const program = new Command()
  .name('ctxhub')
  .description('Shared, governed project memory for teams of coding assistants')
  .version(version, '-V, --version', 'print the version of ctxhub');

program
  .command('serve', { isDefault: true })
  .description('Run the ctxhub server (PGlite in SERVICE_DATA_DIR, or PostgreSQL with DATABASE_URL)')
  .action(async () => {
    const { serve } = await import('../main.ts');
    await serve();
  });

program
  .command('admin')
  .description('Server console commands (run on the server machine)')
  .command('reset-key')
  .description(
    "Revoke a server administrator's keys and print a one-time link to a new one (server stopped, for PGlite)",
  )
  .requiredOption('--email <email>', "the administrator's e-mail")
  .action(async (options: { email: string }) => {
    const { adminResetKey } = await import('./admin-reset-key.ts');
    await adminResetKey(options);
  });

program
  .command('import')
  .description(
    'Upload a transcript to a running ctxhub server, parse it and extract staged memories (and commit them with --commit)',
  )
  .argument('<file>', 'the transcript: a session .jsonl, a .json export, or any text file')
  .option('--workspace <key>', 'workspace key (default: SERVICE_WORKSPACE_KEY)')
  .option('--project <key>', 'project key, e.g. codehost:acme/api (default: SERVICE_PROJECT_KEY)')
  .option(
    '--source <source>',
    'agent_jsonl, agent_json_export or text (default: from the extension: .jsonl, .json, anything else)',
  )
  .option('--commit', 'commit the staged memories as (draft) memories', false)
  .addHelpText(
    'after',
    '\nEnvironment:\n' +
      '  SERVICE_URL            the ctxhub server, e.g. http://127.0.0.1:8080\n' +
      '  SERVICE_API_KEY        your API key\n' +
      '  SERVICE_WORKSPACE_KEY  the workspace, when --workspace is not given\n' +
      '  SERVICE_PROJECT_KEY    the project, when --project is not given\n\n' +
      'Progress goes to stderr (bars on a terminal, plain lines otherwise); the summary to stdout.',
  )
  .action(async (file: string, options: ImportOptions) => {
    // Loaded on demand: a client command does not need the server's modules.
    const { importCommand } = await import('./import-command.ts');
    await importCommand(file, options);
  });

const CLIENT_ENV =
  '\nEnvironment:\n' +
  '  SERVICE_URL            the ctxhub server, e.g. http://127.0.0.1:8080\n' +
  '  SERVICE_API_KEY        your API key\n' +
  '  SERVICE_WORKSPACE_KEY  the workspace (default: your only workspace; else call set_workspace)\n' +
  '  SERVICE_PROJECT_KEY    optional: a project key or manual mapping, resolved with the git clues;\n' +
  '                         it must name an existing project (it is never created)\n';

program
  .command('mcp')
  .description(
    "MCP server on stdio for a coding assistant: ctxhub's tools, with the project resolved from the working directory",
  )
  .addHelpText('after', CLIENT_ENV + '\nStdout carries the MCP protocol only; messages go to stderr.')
  .action(async () => {
    const { mcpCommand } = await import('./mcp-command.ts');
    await mcpCommand();
  });

program
  .command('context')
  .description("Print the working directory's project context bundle as Markdown (for a session-start hook)")
  .option('--max-chars <n>', 'longest output in characters', '10000')
  .option(
    '--budget <tokens>',
    `token budget of the bundle (default ${DEFAULT_BUDGET}; lowered to fit --max-chars)`,
  )
  .option('--q <text>', 'what the session is about: its most relevant memories are added')
  .option('--workspace <key>', 'workspace (default: SERVICE_WORKSPACE_KEY, else your only workspace)')
  .option('--project <key>', 'project, instead of resolving the working directory')
  .option(
    '--hook',
    'print the SessionStart hook JSON of Claude Code, Codex CLI and Gemini CLI ({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": <the Markdown>}})',
    false,
  )
  .addHelpText(
    'after',
    CLIENT_ENV +
      '\nWhere no project resolves, adds nothing (no output; with --hook, an empty additionalContext) and exits 0, with a note on stderr.',
  )
  .action(async (options: ContextOptions) => {
    const { contextCommand } = await import('./context-command.ts');
    await contextCommand(options);
  });

program
  .command('ci-event')
  .description("Record a CI run's result in ctxhub (audit ci.success or ci.failure; chat may forward it)")
  .requiredOption('--status <status>', 'success or failure')
  .option('--message <text>', 'a short note, e.g. the failing step (secrets in it are masked)')
  .option('--workspace <key>', 'workspace (default: SERVICE_WORKSPACE_KEY)')
  .option('--project <key>', 'project (default: SERVICE_PROJECT_KEY; none: the workspace only)')
  .option('--repository <owner/repo>', 'default: from the CI environment or the git remote origin')
  .option('--branch <name>', 'default: from the CI environment or git')
  .option('--sha <commit>', 'default: from the CI environment or git')
  .option('--workflow <name>', 'default: from the CI environment')
  .option('--job <name>', 'default: from the CI environment')
  .option('--run-url <url>', 'default: the run of GitHub Actions or the job of GitLab CI')
  .addHelpText(
    'after',
    '\nEnvironment:\n' +
      '  SERVICE_URL            the ctxhub server, e.g. https://ctxhub.example.com\n' +
      '  SERVICE_API_KEY        an API key of a workspace member (a project writer with a project)\n' +
      '  SERVICE_WORKSPACE_KEY  the workspace, when --workspace is not given\n' +
      '  SERVICE_PROJECT_KEY    optional: the project, when --project is not given\n\n' +
      'Read from GitHub Actions (GITHUB_*) and GitLab CI (CI_*) when present, else from git.',
  )
  .action(async (options: CiEventOptions) => {
    const { ciEventCommand } = await import('./ci-event-command.ts');
    await ciEventCommand(options);
  });

const GIT_HOOK_ENV =
  '\nThe hooks read, from the environment git runs in:\n' +
  '  SERVICE_URL            the ctxhub server, e.g. http://127.0.0.1:8080\n' +
  "  SERVICE_API_KEY        your API key (a writer of the repository's project)\n" +
  '  SERVICE_WORKSPACE_KEY  the workspace (default: your only workspace)\n' +
  '  SERVICE_PROJECT_KEY    optional: else the project is resolved from the repository (as ctxhub context)\n\n' +
  'They send in the background and never fail or slow a commit; failures are logged to\n' +
  'ctxhub-git-hook.log in the git directory.';

const gitHook = program
  .command('git-hook')
  .description("Send this repository's commits and merges to ctxhub as Active Work evidence (git hooks)")
  .addHelpText('after', GIT_HOOK_ENV);

gitHook
  .command('install')
  .description(
    "Install post-commit and post-merge hooks in the current repository's hooks folder (core.hooksPath respected; existing hooks still run first)",
  )
  .addHelpText('after', GIT_HOOK_ENV)
  .action(async () => {
    const { gitHookInstallCommand } = await import('./git-hook/git-hook-command.ts');
    await gitHookInstallCommand();
  });

gitHook
  .command('uninstall')
  .description("Remove ctxhub's hooks from the current repository and restore the hooks they ran")
  .action(async () => {
    const { gitHookUninstallCommand } = await import('./git-hook/git-hook-command.ts');
    await gitHookUninstallCommand();
  });

// What the hooks run, in the background: not for people to call.
gitHook
  .command('send', { hidden: true })
  .description('internal: report HEAD to ctxhub (run by the hooks; logs instead of failing)')
  .argument('<kind>', 'commit or merge')
  .option('--sha <sha>', 'the commit the hook saw (default: HEAD)')
  .option('--branch <name>', 'the branch the hook saw (default: the current one)')
  .action(async (kind: string, options: SendOptions) => {
    const { sendGitEventCommand } = await import('./git-hook/send-git-event.ts');
    await sendGitEventCommand(kind, options);
  });

// After an idle spell, V8's young generation grows back in one step (see young-generation.ts).
regrowYoungGenerationQuickly();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof AppError ||
    err instanceof ListenError ||
    err instanceof CliError
  ) {
    process.stderr.write(`ctxhub: ${err.message}\n`);
  } else {
    process.stderr.write(`ctxhub: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
}
