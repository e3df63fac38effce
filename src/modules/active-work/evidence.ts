import type { EvidenceKind } from './table.ts';

/** A piece of evidence of work, whatever it came from, in the shape inference reads. */
export interface Evidence {
  kind: EvidenceKind;
  /** Unique within the project: `memory:<id>`, `audit:<id>`, `git_event:<id>`. */
  ref: string;
  /** One line for people. */
  summary: string;
  /** What its terms and issue keys are read from. */
  text: string;
  occurredAt: Date;
  userId: string | null;
  subpath: string | null;
  /** A working branch (never a default one such as main), or null. */
  branch: string | null;
  issueKeys: string[];
  /** Whether it may start an item when it matches none (else it only joins one). */
  mayCreate: boolean;
  correlationId: string | null;
  /** Where people can see it (a pull request's page), when it has an address. */
  url?: string | null;
}

/** Branches everyone shares: evidence on them is not matched by branch. */
const SHARED_BRANCHES = new Set(['main', 'master', 'develop', 'development', 'trunk', 'head', 'default']);

/** A branch worth matching on, or null (`refs/heads/` cut; a shared branch is null). */
export function workingBranch(branch: unknown): string | null {
  if (typeof branch !== 'string') return null;
  const name = branch.trim().replace(/^refs\/heads\//, '');
  if (!name || SHARED_BRANCHES.has(name.toLowerCase())) return null;
  return name.slice(0, 255);
}

/** How much each kind of evidence adds to an item's confidence (docs/active-work.md). */
export const KIND_WEIGHTS: Readonly<Record<EvidenceKind, number>> = {
  memory: 0.5,
  import: 0.4,
  git: 0.4,
  codehost: 0.4,
  ci: 0.2,
};

/** Confidence from the kinds seen: 1 - the product of (1 - weight), rounded to 3 places. */
export function confidenceOf(parts: Partial<Record<EvidenceKind, number>>): number {
  const missing = Object.values(parts).reduce((rest, w) => rest * (1 - (w ?? 0)), 1);
  return Math.round((1 - missing) * 1000) / 1000;
}
