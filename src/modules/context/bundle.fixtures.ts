import type { Bundle } from './schemas.ts';

/** The memories a bundle shows, every section's (Active Work shows items, not memories). */
export const allItems = (b: Bundle) => [
  ...b.snapshot.top_constraints,
  ...b.snapshot.top_decisions,
  ...b.snapshot.recent_activity,
  ...b.retrieval.results,
];
