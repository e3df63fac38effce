import type { StagedChoice } from '../../api/queries/imports.ts';
import type { StagedSelection } from '../../api/types.ts';
import { typeLabel } from '../../ui/memory-vocabulary.ts';

/** "Select none: deselected 4. Now selected: Decision 0 of 3, …", from the server's answer. */
export function outcomeText(answer: StagedSelection, asked: StagedChoice & { selected: boolean }): string {
  const what =
    'all' in asked
      ? asked.selected
        ? 'Select all'
        : 'Select none'
      : 'types' in asked
        ? `${asked.selected ? 'Select' : 'Deselect'} ${asked.types.map(typeLabel).join(', ')}`
        : `${asked.selected ? 'Select' : 'Deselect'} ${asked.staged_ids.length}`;
  const kept =
    answer.already_committed > 0
      ? ` (${answer.already_committed} already committed, left as ${answer.already_committed === 1 ? 'it is' : 'they are'})`
      : '';
  const counts = answer.by_type
    .filter((c) => c.staged > c.committed)
    .map((c) => `${typeLabel(c.type)} ${c.selected} of ${c.staged - c.committed}`)
    .join(', ');
  const now = counts === '' ? '' : ` Now selected: ${counts}.`;
  return `${what}: ${answer.selected ? 'selected' : 'deselected'} ${answer.changed}${kept}.${now}`;
}
