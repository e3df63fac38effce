import type { MemoryFlag, MemoryRow } from './table.ts';
import { withFlag, type Flagged } from './text-flags.ts';

/** A workspace's `review_after_days`: days until a memory of each listed type becomes stale. */
export type ReviewDays = Partial<Record<string, number>>;

const DAY_MS = 86_400_000;

/**
 * When a memory becomes stale: the review date a person set, else its clock (`reviewed_at`: last
 * written, used in a bundle or confirmed) plus its type's days; null when neither applies.
 */
export function reviewDueAt(
  row: Pick<MemoryRow, 'type' | 'reviewAfter' | 'reviewedAt'>,
  days: ReviewDays,
): Date | null {
  if (row.reviewAfter) return row.reviewAfter;
  const n = days[row.type];
  return n === undefined ? null : new Date(row.reviewedAt.getTime() + n * DAY_MS);
}

/** A memory as answered: its review date worked out, `stale` added when that date has passed. */
export interface MemoryView extends MemoryRow {
  reviewDueAt: Date | null;
}

/**
 * The memory as readers see it now. Staleness is decided when read: the sweep (review-sweep.ts)
 * stores the flag within minutes, but a reader never sees a memory past its date as fresh.
 */
export function memoryView(row: MemoryRow, days: ReviewDays, now: Date): MemoryView {
  const due = reviewDueAt(row, days);
  const stale = due !== null && due.getTime() <= now.getTime() && !row.flags.includes('stale');
  const flags: MemoryFlag[] = stale ? [...row.flags, 'stale'] : row.flags;
  return {
    ...row,
    flags,
    flagNotes: stale ? { ...row.flagNotes, stale: staleNote(due) } : row.flagNotes,
    reviewDueAt: due,
  };
}

/** Why a memory is stale, in words. */
const staleNote = (due: Date) =>
  `review date ${due.toISOString()} passed without the memory being used or confirmed`;

/**
 * The flags of a memory written with its review date already past (a person set a date gone by):
 * `stale` stored at once, as readers see it, rather than at the next sweep.
 */
export const markedStale = (current: Flagged, due: Date): Flagged =>
  withFlag(current, 'stale', staleNote(due));
