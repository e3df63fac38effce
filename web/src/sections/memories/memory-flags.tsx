import type { Memory } from '../../api/types.ts';
import { flagLabel } from '../../ui/memory-vocabulary.ts';
import { flagNote } from './flag-words.ts';

/** A memory's flags as badges, each with why it was set (nothing when it has none). */
export function MemoryFlags({ memory }: { memory: Pick<Memory, 'flags' | 'flag_notes' | 'status'> }) {
  if (memory.flags.length === 0) return null;
  return (
    <ul className="memory-flags" aria-label="Flags">
      {memory.flags.map((flag) => (
        <li key={flag}>
          <span className={`badge flag-${flag}`}>{flagLabel(flag)}</span>
          <span className="visually-hidden">: </span> {flagNote(flag, memory)}
        </li>
      ))}
    </ul>
  );
}
