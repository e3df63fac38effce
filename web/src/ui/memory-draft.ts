import type { MemoryChange } from '../api/queries/memories.ts';
import type { Memory } from '../api/types.ts';
import type { MemoryDraft } from './memory-fields.tsx';

/** What the form starts from to remember something. */
export const NEW_MEMORY: MemoryDraft = { type: 'decision', status: 'draft', content: '' };

/** A memory as its form starts from it. */
export const draftOf = (m: Pick<Memory, 'type' | 'status' | 'content'>): MemoryDraft => ({
  type: m.type,
  status: m.status,
  content: m.content,
});

/**
 * What a save sends: for a new memory (`saved` undefined) the draft, for one that exists what
 * differs from it. A status goes only from a maintainer (a writer's memories are drafts, or go
 * back to draft when changed: the server decides that).
 */
export function changeOf(
  draft: MemoryDraft,
  saved: MemoryDraft | undefined,
  maintainer: boolean,
): MemoryChange {
  const differs = (field: keyof MemoryDraft) => saved === undefined || draft[field] !== saved[field];
  return {
    ...(differs('type') ? { type: draft.type } : {}),
    ...(maintainer && draft.status !== undefined && differs('status') ? { status: draft.status } : {}),
    ...(differs('content') ? { content: draft.content } : {}),
  };
}
