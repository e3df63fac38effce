import { LOG_FILE } from './hook-log.ts';

/** The hooks `ctxhub git-hook install` writes: git runs them after a commit and after a merge. */
export const HOOK_NAMES = ['post-commit', 'post-merge'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** What a hook the repository had before is renamed to; ours runs it first. */
export const PREVIOUS_SUFFIX = '.ctxhub-previous';

/** The line that marks a hook as ctxhub's: install rewrites it, uninstall removes it. */
const MARKER = '# ctxhub-git-hook:';

export const isOurHook = (text: string) => text.includes(`\n${MARKER} `);

/** `value` as one single-quoted word of sh. */
const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** What each hook sends, and the lines that may end it before the sender starts. */
const KINDS: Record<HookName, { kind: 'commit' | 'merge'; beforeGit: string[]; afterGit: string[] }> = {
  'post-commit': { kind: 'commit', beforeGit: [], afterGit: [] },
  'post-merge': {
    kind: 'merge',
    beforeGit: ['# A squash merge commits nothing.', '[ "$1" = 1 ] && exit $status'],
    afterGit: [
      '# A fast-forward made no merge here: HEAD moved to a commit another ref already names (the',
      '# branch merged, or origin/main after a `git pull`).',
      'others=$(git for-each-ref --points-at "$sha" --format=\'%(refname)\' | grep -Fxvc "refs/heads/$branch")',
      '[ "$others" = 0 ] || exit $status',
    ],
  },
};

/**
 * The shell script of hook `name`: it runs the hook the repository had before (`<name>` +
 * PREVIOUS_SUFFIX, beside it) with the same arguments and stdin and keeps its exit status, then
 * starts `node bin/ctxhub.js git-hook send` fully detached (its own stdin and stdout, a subshell
 * that exits at once), so git never waits on the network and a server that is down or hangs never
 * fails a commit. HEAD and its branch are read here, before git goes on: a sender that starts
 * later would see a rebase already finished or the next commit of a script. A detached HEAD (a
 * rebase, a cherry-pick onto one) sends nothing. `node` and `bin` are absolute paths, so the hook
 * works without `ctxhub` on PATH; the sender's stderr (a Node.js or build problem) goes to the log.
 */
export function hookScript(name: HookName, paths: { node: string; bin: string }): string {
  const { kind, beforeGit, afterGit } = KINDS[name];
  return [
    '#!/bin/sh',
    `${MARKER} ${name} (written by \`ctxhub git-hook install\`; \`ctxhub git-hook uninstall\` removes it)`,
    '#',
    `# Runs the hook this repository had before (${name}${PREVIOUS_SUFFIX}), then sends the ${kind} to`,
    '# ctxhub in the background: git never waits on the network, and a failure never fails git. The',
    '# sender reads SERVICE_URL, SERVICE_API_KEY, SERVICE_WORKSPACE_KEY and SERVICE_PROJECT_KEY from',
    `# the environment git runs in, and logs to ${LOG_FILE} in the git directory.`,
    '# If Node.js or the ctxhub checkout moves, run `ctxhub git-hook install` again.',
    `node=${quoted(paths.node)}`,
    `ctxhub=${quoted(paths.bin)}`,
    'status=0',
    `previous="$(dirname "$0")/${name}${PREVIOUS_SUFFIX}"`,
    'if [ -x "$previous" ]; then',
    '  "$previous" "$@" || status=$?',
    'fi',
    'if [ ! -x "$node" ] || [ ! -f "$ctxhub" ]; then',
    '  echo "ctxhub git hook: $node or $ctxhub is gone: run \\`ctxhub git-hook install\\` again" >&2',
    '  exit $status',
    'fi',
    ...beforeGit,
    'gitdir=$(git rev-parse --absolute-git-dir) || exit $status',
    'sha=$(git rev-parse -q --verify HEAD) || exit $status',
    'branch=$(git symbolic-ref --short -q HEAD) || exit $status',
    ...afterGit,
    `( "$node" "$ctxhub" git-hook send ${kind} --sha "$sha" --branch "$branch" \\`,
    `    </dev/null >/dev/null 2>>"$gitdir/${LOG_FILE}" & )`,
    'exit $status',
    '',
  ].join('\n');
}
