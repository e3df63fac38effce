/** The public face of the outbound module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { renderTemplate, templateProblem } from './liquid-template.ts';
export { ACTION_CATALOGUE, ACTION_KEYS, COMMON_VARIABLES } from './action-catalogue.ts';
export type { ActionKey, CatalogueAction, CatalogueVariable } from './action-catalogue.ts';
export { BUILT_IN, builtInTemplate } from './built-in/built-in-templates.ts';
export type { BuiltInLocale, BuiltInTemplates } from './built-in/built-in-templates.ts';
