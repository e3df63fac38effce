import type { Import, ImportModelStats, StagedProducer } from '../../api/types.ts';
import { count, counted } from '../../ui/format.ts';

/** A staged memory's producer as its badge says it; none for the rules alone (as before the model). */
export const PRODUCER_BADGES: Record<StagedProducer, { text: string; title: string } | null> = {
  rules: null,
  model: { text: 'model', title: 'Proposed by the workspace’s language model' },
  both: { text: 'rules + model', title: 'Found by the keyword rules and proposed by the language model' },
};

/**
 * The language model's counts of an import's stats (named `model_*`) when extract asked it, else
 * null: the server writes all of them or none, so the first one tells.
 */
export function modelStatsOf(stats: Import['stats']): ImportModelStats | null {
  if (stats.model_chunks === undefined) return null;
  return Object.fromEntries(
    Object.entries(stats).filter(([name]) => name.startsWith('model_')),
  ) as ImportModelStats;
}

/**
 * What the language model did in one sentence: "the model proposed 7 memories in 3 chunks: 4 new,
 * 2 also found by the rules, 1 left out; 1 chunk failed; 2 chunks not sent". A proposal left out
 * was remembered already, repeated one staged or was too short; a chunk not sent came after a
 * failure that would repeat, or past the import's budget of calls.
 */
export function modelStatsText(m: ImportModelStats): string {
  const leftOut = m.model_proposed - m.model_staged - m.model_merged;
  const parts = [
    m.model_chunks === 0
      ? 'the model was asked nothing'
      : `the model proposed ${counted(m.model_proposed, 'memory', 'memories')} in ${counted(m.model_chunks, 'chunk', 'chunks')}` +
        (m.model_proposed === 0
          ? ''
          : `: ${count(m.model_staged)} new, ${count(m.model_merged)} also found by the rules` +
            (leftOut > 0 ? `, ${count(leftOut)} left out` : '')),
  ];
  if (m.model_chunks_failed > 0) parts.push(`${counted(m.model_chunks_failed, 'chunk', 'chunks')} failed`);
  if (m.model_chunks_skipped > 0)
    parts.push(`${counted(m.model_chunks_skipped, 'chunk', 'chunks')} not sent`);
  return parts.join('; ');
}
