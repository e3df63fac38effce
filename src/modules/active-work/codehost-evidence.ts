import { firstLine } from '../../platform/clip-text.ts';
import { workingBranch, type Evidence } from './evidence.ts';
import { issueKeysIn } from './work-terms.ts';

/** A push or a pull request event of a linked repository, as the code host module reads it. */
export interface CodehostWorkFacts {
  /** Unique within the project: `codehost:<repository>@<sha>`, `codehost:<repository>#<number>@<sha>`. */
  ref: string;
  /** One line for people (a pull request's title, a push's newest commit subject). */
  summary: string;
  /** The words: titles, descriptions, commit messages. */
  text: string;
  branch: string | null;
  occurredAt: Date;
  userId: string | null;
  url: string | null;
  /** A push to a working branch or an opened pull request may start an item; a merge only joins one. */
  startsWork: boolean;
  correlationId: string;
}

/**
 * A code host push or pull request as evidence (`codehost`): matched on its branch (a working
 * branch only) and the issue keys its branch name and text carry.
 */
export function codehostEvidence(facts: CodehostWorkFacts): Evidence {
  const branch = workingBranch(facts.branch);
  const issueKeys = [
    ...new Set([...issueKeysIn((facts.branch ?? '').toUpperCase()), ...issueKeysIn(facts.text)]),
  ];
  return {
    kind: 'codehost',
    ref: facts.ref,
    summary: firstLine(facts.summary),
    text: `${facts.text}\n${branch ?? ''}`.slice(0, 20_000),
    occurredAt: facts.occurredAt,
    userId: facts.userId,
    subpath: null,
    branch,
    issueKeys: issueKeys.slice(0, 50),
    mayCreate: facts.startsWork && (branch !== null || issueKeys.length > 0),
    correlationId: facts.correlationId,
    url: facts.url,
  };
}
