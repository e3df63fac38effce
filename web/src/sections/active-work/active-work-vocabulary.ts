import type { ActiveWorkAction } from '../../api/queries/active-work.ts';
import type { ActiveWorkEventType, ActiveWorkStatus } from '../../api/types.ts';

/** What each status means (docs/active-work.md), in the order the filter offers them. */
export const STATUS_MEANINGS: Record<ActiveWorkStatus, string> = {
  active: 'work with evidence',
  stale: 'no evidence for a while',
  confirmed: 'a maintainer said it is real work',
  closed: 'done: closed by hand or by the sweep',
};

export const ITEM_STATUSES = Object.keys(STATUS_MEANINGS) as ActiveWorkStatus[];

/** The open items, listed unless the filter asks for others (the API's default too). */
export const OPEN_STATUSES: readonly ActiveWorkStatus[] = ['active', 'stale', 'confirmed'];

/** Each type of event as the timeline names it. */
export const EVENT_LABELS: Record<ActiveWorkEventType, string> = {
  created: 'created',
  updated: 'evidence joined',
  stale_marked: 'marked stale',
  stale_cleared: 'active again',
  confirmed: 'confirmed',
  closed: 'closed',
  reopened: 'reopened',
};

export const EVENT_TYPES = Object.keys(EVENT_LABELS) as ActiveWorkEventType[];

const ACTIONS: Record<ActiveWorkStatus, ActiveWorkAction[]> = {
  active: ['confirm', 'close'],
  stale: ['confirm', 'close'],
  confirmed: ['close'],
  closed: ['reopen'],
};

/** The actions that change an item in this status (any other answers 409). */
export const actionsFor = (status: ActiveWorkStatus): readonly ActiveWorkAction[] => ACTIONS[status];

/** Each action's button, what a success says, and the title of its refusal. */
export const ACTION_WORDS: Record<ActiveWorkAction, { button: string; done: string; refused: string }> = {
  confirm: { button: 'Confirm', done: 'Confirmed', refused: 'The item was not confirmed' },
  close: { button: 'Close', done: 'Closed', refused: 'The item was not closed' },
  reopen: { button: 'Reopen', done: 'Reopened', refused: 'The item was not reopened' },
};

/** What a refusal means for the person who pressed the button, beside the server's own words. */
export function refusalHint(status: number | undefined): string | undefined {
  if (status === 409)
    return 'Nothing changed: the item is no longer in a status this applies to (someone may have changed it meanwhile). It is shown again as it is now.';
  if (status === 403)
    return "Only the project's maintainers, and the workspace's owners and admins, confirm, close and reopen items.";
  return undefined;
}

/** A share (0..1) as a whole percentage. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** The kinds of evidence an item's confidence rests on, heaviest first: "memory 50% · ci 20%". */
export function confidenceParts(parts: Record<string, number>): string {
  return Object.entries(parts)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([kind, weight]) => `${kind} ${percent(weight)}`)
    .join(' · ');
}
