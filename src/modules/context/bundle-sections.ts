import { iso } from '../../platform/http/fields.ts';
import { recencyWeight, subpathBoost } from '../memories/score-recall.ts';
import type { MemoryStatus, MemoryType } from '../memories/table.ts';
import type { BundleCandidate } from './bundle-candidates.ts';
import { oneLine } from './one-line.ts';

/** One line of a bundle section: never a raw message body; raw references only as `evidence_ref`. */
export interface BundleItem {
  id: string;
  type?: MemoryType;
  text: string;
  status: MemoryStatus;
  created_at: string;
  subpath?: string;
  evidence_ref?: string;
}

export interface RankOptions {
  nowMs: number;
  currentSubpath?: string | undefined;
}

/** The snapshot sections, in the order the budget fills them. */
export const SNAPSHOT_SECTIONS = {
  top_constraints: ['constraint', 'caveat'],
  top_decisions: ['decision'],
  active_work: ['active_work'],
  recent_activity: ['activity'],
} as const satisfies Record<string, readonly MemoryType[]>;
export type SnapshotSection = keyof typeof SNAPSHOT_SECTIONS;

const SUMMARY_CHARS = 400;

export function presentItem(c: BundleCandidate, withType = false): BundleItem {
  return {
    id: c.id,
    ...(withType ? { type: c.type } : {}),
    text: oneLine(c.content),
    status: c.status,
    created_at: iso(c.createdAt),
    ...(c.subpath ? { subpath: c.subpath } : {}),
    ...(c.evidenceRef ? { evidence_ref: c.evidenceRef } : {}),
  };
}

/**
 * Section order: confirmed memories before drafts, then sub-project boost x recency, then newest
 * (id breaks ties): deterministic for equal scores.
 */
export function rankCandidates(candidates: BundleCandidate[], opts: RankOptions): BundleCandidate[] {
  const weight = (c: BundleCandidate) =>
    subpathBoost(c.subpath, opts.currentSubpath) * recencyWeight(c.createdAt.getTime(), opts.nowMs);
  return candidates
    .map((c) => ({ c, tier: c.status === 'confirmed' ? 0 : 1, w: weight(c) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        b.w - a.w ||
        b.c.createdAt.getTime() - a.c.createdAt.getTime() ||
        (a.c.id < b.c.id ? 1 : a.c.id > b.c.id ? -1 : 0),
    )
    .map((x) => x.c);
}

export interface Snapshot {
  summary: string | null;
  sections: Record<SnapshotSection, BundleItem[]>;
  /** Memories placed higher for being in or near the current sub-project. */
  boosted: number;
}

/** The ranked snapshot sections of a project's candidates (rejected memories never get here). */
export function buildSnapshot(candidates: BundleCandidate[], opts: RankOptions): Snapshot {
  const ofTypes = (types: readonly MemoryType[]) =>
    rankCandidates(
      candidates.filter((c) => types.includes(c.type)),
      opts,
    );
  const summaryMemory = ofTypes(['summary'])[0];
  const sections = Object.fromEntries(
    (Object.keys(SNAPSHOT_SECTIONS) as SnapshotSection[]).map((name) => [
      name,
      ofTypes(SNAPSHOT_SECTIONS[name]).map((c) => presentItem(c, name === 'top_constraints')),
    ]),
  ) as Record<SnapshotSection, BundleItem[]>;
  const boosted = opts.currentSubpath
    ? candidates.filter((c) => subpathBoost(c.subpath, opts.currentSubpath) > 1).length
    : 0;
  return { summary: summaryMemory ? oneLine(summaryMemory.content, SUMMARY_CHARS) : null, sections, boosted };
}
