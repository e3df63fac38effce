/**
 * How extract asks a language model for memories without knowing one: a module above (the one
 * that holds the model client) registers the proposer where the app is composed
 * (src/composition.ts). Without one registered, model extraction proposes nothing.
 */
import type { Ctx } from '../../platform/context.ts';
import type { MemoryType } from '../memories/index.ts';

/** A memory the model proposes from a chunk of messages; `message` is its index in the chunk. */
export interface ModelProposal {
  type: MemoryType;
  content: string;
  message: number;
}

/**
 * The model's proposals for one chunk of one session's messages (already redacted), or why there
 * are none; `final` when asking again would fail the same way (the cap, a refused key, the model
 * off), so the rest of the import is not sent.
 */
export type ProposerAnswer = { proposals: ModelProposal[] } | { failure: string; final: boolean };

export type MemoryProposer = (
  ctx: Ctx,
  workspaceId: string,
  messages: ReadonlyArray<{ role: 'user' | 'assistant'; text: string }>,
) => Promise<ProposerAnswer>;

let registered: MemoryProposer | null = null;

/** Registers the proposer model extraction asks; registering another replaces it. */
export function useMemoryProposer(proposer: MemoryProposer): void {
  registered = proposer;
}

/** The registered proposer, or null. */
export const memoryProposer = (): MemoryProposer | null => registered;
