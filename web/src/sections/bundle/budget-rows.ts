import type { BundleDebug } from '../../api/types.ts';

/** The sections in the order the budget fills them, as the page names them. */
const SECTION_LABELS: Record<string, string> = {
  retrieval: 'Relevant to the query (retrieval)',
  top_constraints: 'Constraints',
  top_decisions: 'Decisions',
  active_work: 'Active work',
  recent_activity: 'Recent activity',
};

type Section = BundleDebug['token_budget']['sections'][string];

/** One row of the budget table: a section, named as the page names it, and its figures. */
export interface BudgetRow extends Section {
  name: string;
  label: string;
}

/**
 * The budget's sections as the table shows them: those the page knows in the order the budget
 * fills them, then any other the server reports, under its own name.
 */
export function budgetRows(sections: BundleDebug['token_budget']['sections']): BudgetRow[] {
  const known = Object.keys(SECTION_LABELS).filter((name) => name in sections);
  const others = Object.keys(sections).filter((name) => !(name in SECTION_LABELS));
  return [...known, ...others].flatMap((name) => {
    const section = sections[name];
    return section ? [{ ...section, name, label: SECTION_LABELS[name] ?? name }] : [];
  });
}

/** How many items the budget left out, in words: "nothing", "1 item", "3 items". */
export function droppedText(rows: BudgetRow[]): string {
  const dropped = rows.reduce((sum, row) => sum + row.dropped, 0);
  return dropped === 0 ? 'nothing' : `${dropped} item${dropped === 1 ? '' : 's'}`;
}
