/** The public face of the context module: what other modules, the CLI and the app may import from it. */
export { DEFAULT_BUDGET, MAX_BUDGET, MIN_BUDGET } from './bundle-budget.ts';
export { oneLine } from './one-line.ts';
export { renderMarkdown } from './render-markdown.ts';
export { contextRoutes } from './routes.ts';
export { bundleAnswer, checkedBundle, type Bundle, type CheckedBundle } from './schemas.ts';
