import { instructionLike } from './instruction-like.ts';
import type { FlagNotes, MemoryFlag } from './table.ts';

interface Flagged {
  flags: MemoryFlag[];
  flagNotes: FlagNotes;
}

/** The flags without `flag` (and its note). */
export function withoutFlag(current: Flagged, flag: MemoryFlag): Flagged {
  const flagNotes = { ...current.flagNotes };
  delete flagNotes[flag];
  return { flags: current.flags.filter((f) => f !== flag), flagNotes };
}

/** The flags with `flag` set, noted `note`. */
export function withFlag(current: Flagged, flag: MemoryFlag, note: string): Flagged {
  const flags = current.flags.includes(flag) ? current.flags : [...current.flags, flag];
  return { flags, flagNotes: { ...current.flagNotes, [flag]: note } };
}

/**
 * A memory's flags after its text was written: `instruction_like` set (with the reasons found) when
 * the text reads as instructions to an assistant, removed when it no longer does; the flags the
 * text does not decide are kept.
 */
export function withTextFlags(content: string, current: Flagged): Flagged {
  const reasons = instructionLike(content);
  if (reasons.length === 0) return withoutFlag(current, 'instruction_like');
  return withFlag(
    current,
    'instruction_like',
    `reads as instructions to an assistant (${reasons.join(', ')})`,
  );
}
