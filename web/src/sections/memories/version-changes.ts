import type { MemoryVersion } from '../../api/types.ts';
import { flagLabel, statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';

/** What changed from the version before (the next one in this newest-first list). */
export function changesFrom(v: MemoryVersion, before: MemoryVersion | undefined): string[] {
  if (!before) return [];
  const out: string[] = [];
  if (v.type !== before.type) out.push(`type ${typeLabel(before.type)} → ${typeLabel(v.type)}`);
  if (v.status !== before.status) out.push(`status ${statusLabel(before.status)} → ${statusLabel(v.status)}`);
  if (v.content !== before.content) out.push('content');
  if (JSON.stringify(v.metadata) !== JSON.stringify(before.metadata)) out.push('metadata');
  if (v.evidence_ref !== before.evidence_ref) out.push('evidence');
  if (v.review_after !== before.review_after)
    out.push(v.review_after ? 'review date' : 'review date cleared');
  const added = v.supersedes.filter((id) => !before.supersedes.includes(id));
  if (added.length > 0) out.push(`supersedes ${added.join(', ')}`);
  for (const f of v.flags) if (!before.flags.includes(f)) out.push(`${flagLabel(f)} set`);
  for (const f of before.flags) if (!v.flags.includes(f)) out.push(`${flagLabel(f)} cleared`);
  return out;
}
