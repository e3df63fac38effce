import { isActionKey } from '../action-catalogue.ts';
import type { BuiltInTemplates } from './template-set.ts';
import { en } from './en.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { es } from './es.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { zh } from './zh.ts';

export type { BuiltInTemplates } from './template-set.ts';

/** The built-in templates of each locale ctxhub ships, by locale code. */
export const BUILT_IN = { en, es, fr, de, ja, ko, zh } satisfies Record<string, BuiltInTemplates>;

export type BuiltInLocale = keyof typeof BUILT_IN;

/** The template for `action` in `templates`: the action's own, or the generic one for an uncatalogued action. */
export function builtInTemplate(templates: BuiltInTemplates, action: string): string {
  return isActionKey(action) ? templates.actions[action] : templates.generic;
}
