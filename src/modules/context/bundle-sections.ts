import { iso } from '../../platform/http/fields.ts';
import { flagWeight, recencyWeight, STATUS_WEIGHTS, subpathBoost, TYPE_WEIGHTS } from '../memories/index.ts';
import type { MemoryExcerpt, MemoryType } from '../memories/index.ts';
import { oneLine } from './one-line.ts';
import type { BundleItem } from './schemas.ts';

export interface RankOptions {
  nowMs: number;
  currentSubpath?: string | undefined;
}

/** What a bundle section may show of a memory. */
export type BundleCandidate = MemoryExcerpt;

export const SNAPSHOT_SECTIONS = {
  top_constraints: { types: ['constraint', 'caveat'], curated: true },
  top_decisions: { types: ['decision'], curated: true },
  recent_activity: { types: ['activity'], curated: false },
} as const satisfies Record<string, { types: readonly MemoryType[]; curated: boolean }>;
/** The snapshot sections drawn from memories (Active Work comes from its items: work-section.ts). */
export type SnapshotSection = keyof typeof SNAPSHOT_SECTIONS;

const SUMMARY_CHARS = 400;

/** Sections mixing memory types show each item's type. */
const MIXED: ReadonlySet<string> = new Set(['retrieval', 'top_constraints']);

/**
 * Whether a memory may be shown in a bundle: text that reads as instructions to an assistant only
 * once a maintainer confirmed it (a bundle is injected into prompts as it is).
 */
export const mayShow = (c: BundleCandidate) =>
  c.status === 'confirmed' || !c.flags.includes('instruction_like');

/** A memory as an item of `section`. */
export function presentItem(c: BundleCandidate, section: string): BundleItem {
  const withType = MIXED.has(section);
  return {
    id: c.id,
    ...(withType ? { type: c.type } : {}),
    text: oneLine(c.content, undefined, c.truncated),
    status: c.status,
    occurred_at: iso(c.occurredAt).slice(0, 10),
    ...(c.subpath ? { subpath: c.subpath } : {}),
    ...(c.evidenceRef ? { evidence_ref: c.evidenceRef } : {}),
    ...(c.flags.length ? { flags: [...c.flags] } : {}),
    ...(c.cites.length ? { cites: c.cites.map((cite) => ({ ...cite })) } : {}),
  };
}

/**
 * A memory of no sub-project applies to the whole project: it ranks above memories of other
 * sub-projects (and, with no current sub-project, above every sub-project's), below those of the
 * current sub-project and its relatives (score-recall.ts SUBPATH_BOOST).
 */
const PROJECT_WIDE_WEIGHT = 1.1;

const scopeWeight = (subpath: string | null, current: string | undefined) =>
  subpath ? subpathBoost(subpath, current) : PROJECT_WIDE_WEIGHT;

/**
 * Curated sections (constraints, decisions): confirmed memories before drafts, then type weight x
 * scope (project-wide or sub-project boost) x recency (which never falls below 60%, so a two-year-old rule still counts).
 * Timeline sections (activity): what is recent first, drafts included, a confirmed
 * memory outranking a draft of the same age (status weight). Then newest, then id: deterministic.
 */
function rankCandidates(
  candidates: BundleCandidate[],
  opts: RankOptions & { tiered: boolean },
): BundleCandidate[] {
  const weight = (c: BundleCandidate) =>
    TYPE_WEIGHTS[c.type] *
    (opts.tiered ? 1 : STATUS_WEIGHTS[c.status]) *
    flagWeight(c.flags) *
    scopeWeight(c.subpath, opts.currentSubpath) *
    recencyWeight(c.occurredAt.getTime(), opts.nowMs);
  return candidates
    .map((c) => ({ c, tier: opts.tiered && c.status !== 'confirmed' ? 1 : 0, w: weight(c) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        b.w - a.w ||
        b.c.occurredAt.getTime() - a.c.occurredAt.getTime() ||
        (a.c.id < b.c.id ? 1 : a.c.id > b.c.id ? -1 : 0),
    )
    .map((x) => x.c);
}

export interface Snapshot {
  summary: string | null;
  /** Each section's memories, ranked (presented only as far as the budget reaches). */
  sections: Record<SnapshotSection, BundleCandidate[]>;
  /** Memories placed higher for being in or near the current sub-project. */
  boosted: number;
}

/**
 * The ranked snapshot sections of a project's candidates (rejected memories never get here),
 * leaving out memories `shown` elsewhere in the bundle (retrieval results).
 */
export function buildSnapshot(
  candidates: readonly BundleCandidate[],
  opts: RankOptions,
  shown: ReadonlySet<string> = new Set(),
): Snapshot {
  const ofTypes = (types: readonly MemoryType[], tiered: boolean) =>
    rankCandidates(
      candidates.filter((c) => types.includes(c.type) && !shown.has(c.id) && mayShow(c)),
      { ...opts, tiered },
    );
  // The summary stays the summary even when q recalls it too.
  const summaryMemory = rankCandidates(
    candidates.filter((c) => c.type === 'summary' && mayShow(c)),
    { ...opts, tiered: true },
  )[0];
  const sections = Object.fromEntries(
    (Object.keys(SNAPSHOT_SECTIONS) as SnapshotSection[]).map((name) => {
      const { types, curated } = SNAPSHOT_SECTIONS[name];
      return [name, ofTypes(types, curated)];
    }),
  ) as Record<SnapshotSection, BundleCandidate[]>;
  const boosted = opts.currentSubpath
    ? candidates.filter((c) => subpathBoost(c.subpath, opts.currentSubpath) > 1).length
    : 0;
  return {
    summary: summaryMemory ? oneLine(summaryMemory.content, SUMMARY_CHARS, summaryMemory.truncated) : null,
    sections,
    boosted,
  };
}
