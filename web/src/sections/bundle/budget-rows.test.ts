import { describe, expect, it } from 'vitest';
import { budgetRows, droppedText } from './budget-rows.ts';

const use = (dropped: number) => ({ allocated: 400, used: 380, items: 3, dropped });

describe('budgetRows', () => {
  it('orders the known sections as the budget fills them, names them, and adds unknown ones after', () => {
    const rows = budgetRows({
      recent_activity: use(0),
      brand_new: use(1),
      top_decisions: use(2),
      retrieval: use(0),
    });
    expect(rows.map((r) => [r.name, r.label])).toEqual([
      ['retrieval', 'Relevant to the query (retrieval)'],
      ['top_decisions', 'Decisions'],
      ['recent_activity', 'Recent activity'],
      ['brand_new', 'brand_new'],
    ]);
    expect(rows[1]).toMatchObject({ allocated: 400, used: 380, items: 3, dropped: 2 });
  });
});

describe('droppedText', () => {
  it('counts the items every section left out', () => {
    expect(droppedText(budgetRows({ retrieval: use(0) }))).toBe('nothing');
    expect(droppedText(budgetRows({ retrieval: use(1) }))).toBe('1 item');
    expect(droppedText(budgetRows({ retrieval: use(1), active_work: use(2) }))).toBe('3 items');
  });
});
