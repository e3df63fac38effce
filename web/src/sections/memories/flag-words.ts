import type { InstructionReason, Memory, MemoryFlag } from '../../api/types.ts';
import { datesIn } from '../../ui/format.ts';

/** Each reason an `instruction_like` note names by its code, in words. */
const REASON_WORDS: Record<InstructionReason, string> = {
  override_instructions: 'overrides its instructions',
  imperative_to_assistant: 'speaks to the assistant',
  tool_call_lookalike: 'looks like a tool call',
  hidden_unicode: 'hidden characters',
  exfiltration: 'sends secrets away',
  shell_pipe: 'runs downloaded code',
};

/** What a flag says without a note (one written before notes were kept). */
const WITHOUT_NOTE: Record<MemoryFlag, string> = {
  stale: 'its review date passed without the memory being used or confirmed',
  needs_review: 'code it cites no longer resolves in a working tree',
  instruction_like: 'reads as instructions to an assistant',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Why a memory carries `flag`, in a sentence: the server's note (its dates as people read them,
 * reason codes in words), and for an instruction-like memory what that means for the bundle,
 * which shows it only once a maintainer confirmed it.
 */
export function flagNote(flag: MemoryFlag, memory: Pick<Memory, 'flag_notes' | 'status'>): string {
  let note = datesIn(memory.flag_notes[flag] ?? WITHOUT_NOTE[flag]);
  if (flag !== 'instruction_like') return capitalized(note);
  for (const [code, words] of Object.entries(REASON_WORDS)) note = note.replaceAll(code, words);
  return `${capitalized(note)}: ${
    memory.status === 'confirmed'
      ? 'the session-start bundle shows it (a maintainer wrote or confirmed it); confirming it clears the flag'
      : 'kept out of the session-start bundle until a maintainer confirms it'
  }`;
}

/** The flags a maintainer's confirmation clears (it also restarts the review clock). */
const CLEARED_BY_CONFIRMING: readonly MemoryFlag[] = ['stale', 'needs_review', 'instruction_like'];

/** Whether a memory carries a flag a maintainer's confirmation clears (and restarts its review clock). */
export const reviewFlagged = (memory: Pick<Memory, 'flags'>): boolean =>
  memory.flags.some((f) => CLEARED_BY_CONFIRMING.includes(f));

/**
 * Whether a maintainer's Confirm applies: to a memory not confirmed yet, and to a confirmed one
 * that is stale or needs review (confirming it again restarts its review clock).
 */
export const confirmable = (memory: Pick<Memory, 'status' | 'flags'>): boolean =>
  memory.status !== 'confirmed' || reviewFlagged(memory);
