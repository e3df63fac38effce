import type { ActiveWorkEvent } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { percent } from './active-work-vocabulary.ts';

type Details = Record<string, unknown>;

const objectOf = (value: unknown): Details | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Details) : undefined;
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Who made an event: a person's e-mail (their id when it is unknown), or the part of the system. */
export function actorName(actor: ActiveWorkEvent['actor']): string {
  return 'system' in actor ? `${actor.system} (system)` : (actor.email ?? actor.user_id);
}

/** The status an event moved the item from and to: "active → confirmed"; a new item's first one. */
export function statusChange(event: Pick<ActiveWorkEvent, 'prev_status' | 'next_status'>): string {
  const { prev_status: prev, next_status: next } = event;
  if (prev === null) return `new, ${next}`;
  return prev === next ? `${next} (unchanged)` : `${prev} → ${next}`;
}

/** The rule that decided an event (inference's match, the sweep's days), in words. */
function ruleWords(d: Details): string | undefined {
  const rule = textOf(d.rule);
  const days = numberOf(d.days);
  switch (rule) {
    case undefined:
      return undefined;
    case 'new':
      return 'matched no item: started this one';
    case 'issue_key':
      return `joined by issue key ${textOf(d.issue_key) ?? '(none named)'}`;
    case 'branch':
      return `joined by branch ${textOf(d.branch) ?? '(none named)'}`;
    case 'terms': {
      const score = numberOf(d.score);
      const shared = numberOf(d.shared);
      const parts = [
        score === undefined ? '' : `score ${score}`,
        shared === undefined ? '' : `${shared} shared`,
      ].filter(Boolean);
      return `joined by its words${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
    }
    case 'stale': {
      const last = textOf(d.last_evidence_at);
      return `no evidence for ${days ?? '?'} days${last ? ` (newest ${when(last)})` : ''}`;
    }
    case 'auto_close':
      return `stale, no evidence for ${days ?? '?'} days: closed automatically`;
    default:
      return `rule ${rule}`;
  }
}

/** Confidence before and after (`confidence: {before, after}`, or `confidence_before`/`_after`). */
function confidenceWords(d: Details): string | undefined {
  const both = objectOf(d.confidence);
  const before = numberOf(both?.before ?? d.confidence_before);
  const after = numberOf(both?.after ?? d.confidence_after);
  if (after === undefined) return undefined;
  return before === undefined || before === after
    ? `confidence ${percent(after)}`
    : `confidence ${percent(before)} → ${percent(after)}`;
}

/**
 * An event's details as lines for people: the evidence it came from, the rule that matched it,
 * the confidence before and after, why a closed item stayed closed, and whether a person did it.
 */
export function eventFacts(details: Details): string[] {
  const evidence = objectOf(details.evidence);
  const lines = [
    evidence &&
      `${textOf(evidence.kind) ?? 'evidence'}: ${textOf(evidence.summary) ?? textOf(evidence.ref) ?? ''}`,
    ruleWords(details),
    confidenceWords(details),
    textOf(details.kept_closed),
    details.by_hand === true ? 'by hand' : undefined,
  ];
  return lines.filter((line): line is string => typeof line === 'string' && line !== '');
}
