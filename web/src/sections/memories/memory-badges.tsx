import type { MemoryStatus, MemoryType } from '../../api/types.ts';
import { statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';

/** A memory's type and status, as badges. */
export function MemoryBadges({ type, status }: { type: MemoryType; status: MemoryStatus }) {
  return (
    <>
      <span className="badge memory-type">{typeLabel(type)}</span>
      <span className={`badge memory-status-${status}`}>{statusLabel(status)}</span>
    </>
  );
}
