import { join, resolve } from 'node:path';
import { clientEnv } from '../../config/client.ts';
import { ConfigError } from '../../config/config-error.ts';
import { PACKAGE_ROOT } from '../../platform/package-root.ts';
import { CliError } from '../cli-error.ts';
import { LOG_FILE } from './hook-log.ts';
import { PREVIOUS_SUFFIX } from './hook-script.ts';
import { installHooks, uninstallHooks } from './install-hooks.ts';
import { GitFailed, runGit } from '../run-git.ts';

/** The repository's hooks folder (`core.hooksPath`, or the common git directory's hooks/) and its git directory. */
async function repository(): Promise<{ hooksDir: string; gitDir: string }> {
  try {
    const [hooks = '', gitDir = ''] = (
      await runGit(['rev-parse', '--git-path', 'hooks', '--absolute-git-dir'])
    )
      .split('\n')
      .map((line) => line.trim());
    // --git-path answers relative to the working directory.
    return { hooksDir: resolve(hooks), gitDir };
  } catch (err) {
    if (err instanceof GitFailed) throw new CliError(`Not in a git repository: ${err.message}`);
    throw err;
  }
}

/** `ctxhub git-hook install`: writes the post-commit and post-merge hooks and says what they need. */
export async function gitHookInstallCommand(): Promise<void> {
  const { hooksDir, gitDir } = await repository();
  const node = process.execPath;
  const bin = join(PACKAGE_ROOT, 'bin', 'ctxhub.js');
  const installed = await installHooks(hooksDir, { node, bin });
  const lines = [`ctxhub: git hooks in ${hooksDir}:`];
  for (const hook of installed) {
    const chained = hook.chained
      ? ` (runs the hook that was there first, now ${hook.name}${PREVIOUS_SUFFIX})`
      : '';
    lines.push(
      `  ${hook.name}: ${hook.outcome === 'unchanged' ? 'already installed' : hook.outcome}${chained}`,
    );
  }
  lines.push(
    '',
    'After each commit and merge they run, in the background (git never waits for it):',
    `  ${node} ${bin} git-hook send`,
    'Run `ctxhub git-hook install` again if Node.js or this ctxhub checkout moves.',
    '',
    'The hooks read, from the environment git runs in:',
    '  SERVICE_URL            the ctxhub server, e.g. http://127.0.0.1:8080',
    "  SERVICE_API_KEY        your API key (a writer of the repository's project)",
    '  SERVICE_WORKSPACE_KEY  the workspace (optional when you belong to only one)',
    '  SERVICE_PROJECT_KEY    optional: else the project is resolved from this repository, as',
    '                         `ctxhub context` does',
    `What they send, and why not, is logged to ${join(gitDir, LOG_FILE)}.`,
  );
  try {
    clientEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    lines.push('', 'Note: in this shell,', ...err.problems.map((problem) => `  ${problem}`));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const UNINSTALLED = {
  removed: 'removed',
  restored: 'removed; the hook it ran is back',
  'not-ours': "not ctxhub's: left alone",
  none: '',
} as const;

/** `ctxhub git-hook uninstall`: removes ctxhub's hooks and puts back those they ran. */
export async function gitHookUninstallCommand(): Promise<void> {
  const { hooksDir } = await repository();
  const done = (await uninstallHooks(hooksDir)).filter((hook) => hook.outcome !== 'none');
  if (!done.some((hook) => hook.outcome === 'removed' || hook.outcome === 'restored')) {
    process.stdout.write(`ctxhub: no ctxhub git hooks in ${hooksDir}: nothing to uninstall.\n`);
    return;
  }
  const lines = [`ctxhub: git hooks in ${hooksDir}:`];
  for (const hook of done) lines.push(`  ${hook.name}: ${UNINSTALLED[hook.outcome]}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
