import { firstLine } from '../../platform/clip-text.ts';
import { workingBranch, type Evidence } from './evidence.ts';
import { issueKeysIn } from './work-terms.ts';

/** A commit or merge a repository's git hook reported, as the git events module stores it. */
export interface GitEventFacts {
  id: string;
  kind: 'commit' | 'merge';
  sha: string;
  branch: string;
  message: string | null;
  issueKeys: readonly string[];
  userId: string;
  occurredAt: Date;
}

/** Issue keys one piece of evidence carries at most (a message may name many more). */
const MAX_ISSUE_KEYS = 50;

/** The branch a merge commit's message says was merged (git's, GitHub's and GitLab's wordings). */
const MERGED = [
  /^Merge (?:remote-tracking )?branch '(?:origin\/)?([^']+)'/,
  /^Merge pull request #\d+ from [^/\s]+\/(\S+)/,
];

function mergedBranch(message: string | null): string | null {
  const subject = firstLine(message ?? '');
  for (const re of MERGED) {
    const found = re.exec(subject);
    if (found?.[1]) return found[1];
  }
  return null;
}

/**
 * A git event as evidence (`git`), at the commit's own time. A commit on a working branch or
 * naming an issue key may start an item; a merge only joins one, matched on the branch its
 * message says was merged (else the branch merged into, when that is a working branch).
 */
export function gitEvidence(event: GitEventFacts): Evidence {
  const message = event.message ?? '';
  const branch =
    (event.kind === 'merge' ? workingBranch(mergedBranch(message)) : null) ?? workingBranch(event.branch);
  const issueKeys = [
    ...new Set([
      ...event.issueKeys.map((k) => k.toUpperCase()),
      ...issueKeysIn(message),
      ...issueKeysIn((branch ?? event.branch).toUpperCase()),
    ]),
  ].slice(0, MAX_ISSUE_KEYS);
  const verb = event.kind === 'commit' ? 'Commit' : 'Merge';
  return {
    kind: 'git',
    ref: `git_event:${event.id}`,
    summary: firstLine(message) || `${verb} ${event.sha.slice(0, 7)} on ${event.branch}`,
    text: `${message}\n${branch ?? ''}`,
    occurredAt: event.occurredAt,
    userId: event.userId,
    subpath: null,
    branch,
    issueKeys,
    mayCreate: event.kind === 'commit' && (branch !== null || issueKeys.length > 0),
    correlationId: null,
  };
}
