import { isActionKey, type ActionKey } from '../action-catalogue.ts';
import { en } from './en.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { es } from './es.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { zh } from './zh.ts';

/**
 * A locale's built-in notification texts, as Liquid templates: one per catalogued action, and a
 * generic one for any other action (it names the action; it never borrows another action's text).
 */
export interface BuiltInTemplates {
  generic: string;
  actions: Record<ActionKey, string>;
}

/** The built-in templates of each locale ctxhub ships, by locale code. */
export const BUILT_IN = { en, es, fr, de, ja, ko, zh } satisfies Record<string, BuiltInTemplates>;

export type BuiltInLocale = keyof typeof BUILT_IN;

/** The template for `action` in `templates`: the action's own, or the generic one for an uncatalogued action. */
export function builtInTemplate(templates: BuiltInTemplates, action: string): string {
  return isActionKey(action) ? templates.actions[action] : templates.generic;
}
