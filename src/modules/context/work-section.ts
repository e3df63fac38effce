import type { CurrentWork } from '../active-work/index.ts';
import { iso } from '../../platform/http/fields.ts';
import { subpathBoost } from '../memories/index.ts';
import { oneLine } from './one-line.ts';
import type { WorkItem } from './schemas.ts';

/** Open items read for the section before the budget picks how many fit. */
export const WORK_READ = 40;

/**
 * The Active Work section's order: active and confirmed items before stale ones; within each, the
 * items of the current sub-project and its relatives first (the memories' sub-project boost), then
 * newest evidence first. Items of no sub-project count as the whole project's.
 */
export function rankWork(items: readonly CurrentWork[], currentSubpath: string | undefined): CurrentWork[] {
  const tier = (w: CurrentWork) => (w.status === 'stale' ? 1 : 0);
  const boost = (w: CurrentWork) => (w.subpath ? subpathBoost(w.subpath, currentSubpath) : 1);
  return [...items].sort(
    (a, b) =>
      tier(a) - tier(b) ||
      boost(b) - boost(a) ||
      b.lastEvidenceAt.getTime() - a.lastEvidenceAt.getTime() ||
      (a.id < b.id ? 1 : -1),
  );
}

/** An item as one line of the section: empty fields left out, every token counts. */
export function presentWork(w: CurrentWork): WorkItem {
  return {
    id: w.id,
    text: oneLine(w.title),
    status: w.status,
    occurred_at: iso(w.lastEvidenceAt).slice(0, 10),
    ...(w.subpath ? { subpath: w.subpath } : {}),
    ...(w.branch ? { branch: w.branch } : {}),
    ...(w.issueKeys.length ? { issue_keys: w.issueKeys.slice(0, 5) } : {}),
    ...(w.owner ? { owner: w.owner } : {}),
    ...(w.evidenceRef ? { evidence_ref: w.evidenceRef } : {}),
  };
}

/** Tells an Active Work item from a memory among a bundle's candidates. */
export const isWork = (c: object): c is CurrentWork => 'title' in c && 'lastEvidenceAt' in c;
