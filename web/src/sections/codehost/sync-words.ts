import type { CodehostLastSync, CodehostSyncCounts } from '../../api/types.ts';
import { counted } from '../../ui/format.ts';

/**
 * A sync's result in one sentence: "3 added, 1 updated, 0 deactivated; 42 active repositories;
 * 2 projects created".
 */
export function syncSentence(c: CodehostSyncCounts): string {
  return [
    `${c.added} added, ${c.updated} updated, ${c.deactivated} deactivated`,
    counted(c.total, 'active repository', 'active repositories'),
    `${counted(c.projects_created, 'project', 'projects')} created`,
  ].join('; ');
}

/** What started a sync, in words (an unknown trigger as the server names it). */
export function triggerWords(trigger: string): string {
  switch (trigger) {
    case 'manual':
      return 'by hand (Sync now)';
    case 'connected':
      return 'on connecting';
    case 'webhook':
      return 'by a webhook of the code host';
    case 'schedule':
      return 'on schedule';
    default:
      return trigger;
  }
}

/** A last sync's counts, when it kept them all (a successful one does). */
function countsOf(s: CodehostLastSync): CodehostSyncCounts | null {
  const { added, updated, deactivated, total, projects_created } = s;
  if (
    added === undefined ||
    updated === undefined ||
    deactivated === undefined ||
    total === undefined ||
    projects_created === undefined
  )
    return null;
  return { added, updated, deactivated, total, projects_created };
}

/** How the last sync went: its counts, or for a failed one the code host's error. */
export function lastSyncOutcome(s: CodehostLastSync): string {
  if (s.status === 'failed') return `failed: ${s.error ?? 'no reason given'}`;
  const counts = countsOf(s);
  return counts ? syncSentence(counts) : 'done';
}
