/** Token budgets of the context bundle (the whole bundle as JSON): default and bounds. */
export const DEFAULT_BUDGET = 2000;
export const MIN_BUDGET = 300;
export const MAX_BUDGET = 32_000;
