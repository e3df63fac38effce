import type { ActionKey } from '../action-catalogue.ts';

/**
 * A locale's built-in notification texts, as Liquid templates: one per catalogued action, and a
 * generic one for any other action (it names the action; it never borrows another action's text).
 */
export interface BuiltInTemplates {
  generic: string;
  actions: Record<ActionKey, string>;
}
