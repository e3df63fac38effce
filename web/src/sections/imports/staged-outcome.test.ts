import { describe, expect, it } from 'vitest';
import type { StagedSelection } from '../../api/types.ts';
import { outcomeText } from './staged-outcome.ts';

const answer = (over: Partial<StagedSelection>): StagedSelection => ({
  import_id: 'imp_1',
  selected: false,
  matched: 4,
  changed: 4,
  already_committed: 0,
  by_type: [
    { type: 'decision', staged: 3, selected: 0, committed: 0 },
    { type: 'goal', staged: 2, selected: 1, committed: 1 },
    { type: 'note', staged: 1, selected: 0, committed: 1 },
  ],
  ...over,
});

describe('outcomeText', () => {
  it('says what was asked, what changed, and the counts of the types still waiting', () => {
    expect(outcomeText(answer({}), { all: true, selected: false })).toBe(
      'Select none: deselected 4. Now selected: Decision 0 of 3, Goal 1 of 1.',
    );
  });

  it('names the types asked, and the committed ones left as they are', () => {
    const text = outcomeText(answer({ selected: true, changed: 1, already_committed: 1 }), {
      types: ['goal', 'caveat'],
      selected: true,
    });
    expect(text).toBe(
      'Select Goal, Caveat: selected 1 (1 already committed, left as it is). Now selected: Decision 0 of 3, Goal 1 of 1.',
    );
  });

  it('counts the ids asked, and says nothing of counts when nothing waits', () => {
    const done = answer({
      already_committed: 2,
      by_type: [{ type: 'note', staged: 2, selected: 0, committed: 2 }],
    });
    expect(outcomeText(done, { staged_ids: ['stg_1', 'stg_2'], selected: false })).toBe(
      'Deselect 2: deselected 4 (2 already committed, left as they are).',
    );
  });
});
