import type { Ctx } from '../../platform/context.ts';
import { clipText } from '../../platform/clip-text.ts';
import { contradiction } from './contradiction.ts';
import { recallMemories } from './recall-memories.ts';
import { STOP_WORDS } from './recall-index/stop-words.ts';
import type { MemoryRow } from './table.ts';

export interface PossibleContradiction {
  id: string;
  status: MemoryRow['status'];
  content: string;
  why: string;
}

/** Older memories looked at, and answered at most. */
const LOOKED_AT = 10;
const ANSWERED = 5;
/** Words of the new memory recall is asked for (its first distinct ones). */
const QUERY_WORDS = 24;
const SHOWN_CHARS = 300;

/**
 * Older memories of the same project and type (drafts and confirmed) that `memory` seems to
 * contradict (contradiction.ts): recall finds those saying nearly the same, the check keeps those
 * differing in a value. Runs after the write committed (recall reads outside transactions).
 */
export async function possibleContradictions(ctx: Ctx, memory: MemoryRow): Promise<PossibleContradiction[]> {
  const words = [
    ...new Set(memory.content.toLowerCase().match(/[\p{L}\p{N}_][\p{L}\p{N}_.-]*/gu) ?? []),
  ].filter((w) => !STOP_WORDS.has(w));
  const q = clipText(words.slice(0, QUERY_WORDS).join(' '), 500, 'word-only');
  if (!q) return [];
  const recalled = await recallMemories({
    ctx,
    input: {
      q,
      filters: { projectId: memory.projectId, types: [memory.type], statuses: ['draft', 'confirmed'] },
      explain: false,
      limit: LOOKED_AT,
    },
  });
  return recalled.items
    .filter(({ row }) => row.id !== memory.id && !memory.supersedes.includes(row.id))
    .flatMap(({ row }) => {
      const why = contradiction(memory.content, row.content);
      return why
        ? [{ id: row.id, status: row.status, content: clipText(row.content, SHOWN_CHARS, 'word'), why }]
        : [];
    })
    .slice(0, ANSWERED);
}
