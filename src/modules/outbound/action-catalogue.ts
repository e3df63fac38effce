import { ACCOUNT_ACTIONS } from './catalogue/accounts.ts';
import type { ActionKey, CatalogueAction, CatalogueVariable } from './catalogue/catalogue-types.ts';
import { MEMORY_ACTIONS } from './catalogue/memories.ts';
import { READ_ACTIONS } from './catalogue/reads.ts';
import { UPCOMING_ACTIONS } from './catalogue/upcoming.ts';
import { WORKSPACE_ACTIONS } from './catalogue/workspaces.ts';

export type { ActionKey, CatalogueAction, CatalogueVariable } from './catalogue/catalogue-types.ts';

/**
 * The variables every notification has, whatever its action. An action's own params come on top,
 * by their own names (see ACTION_CATALOGUE); the params that repeat one of these (workspace_key,
 * project_key) are listed here only.
 */
export const COMMON_VARIABLES = {
  action: { description: 'The action key', example: 'raw.search' },
  actor: {
    description: "Who acted, never empty: the user's name or e-mail, or the server's own name (e.g. ctxhub)",
    example: 'Ana Souza',
  },
  actor_email: {
    description: "The acting user's e-mail; empty when the server acted",
    example: 'ana@example.com',
  },
  workspace_key: { description: 'The workspace; empty for server-level entries', example: 'acme' },
  project_key: { description: 'The project; empty when the entry has none', example: 'github:acme/api' },
  target_type: {
    description: 'What the entry is about (project, memory, import, user ...)',
    example: 'project',
  },
  target_id: {
    description: 'Id of what the entry is about; may be empty',
    example: 'prj_01JQ8ZR8R2T5W8N3K6M9X1B4CN',
  },
  severity: { description: 'low, medium, high or critical', example: 'low' },
  occurred_at: { description: 'When it happened (ISO 8601, UTC)', example: '2026-03-14T16:05:12.000Z' },
} satisfies Record<string, CatalogueVariable>;

/**
 * Every action key a notification may name, what it means and its own variables (the audit
 * entry's params). Typecheck fails when an AuditAction is missing here.
 */
export const ACTION_CATALOGUE: Record<ActionKey, CatalogueAction> = {
  ...ACCOUNT_ACTIONS,
  ...WORKSPACE_ACTIONS,
  ...MEMORY_ACTIONS,
  ...READ_ACTIONS,
  ...UPCOMING_ACTIONS,
};

export const ACTION_KEYS = Object.keys(ACTION_CATALOGUE) as ActionKey[];

/** Whether `action` is in the catalogue (own keys only: `constructor` and the like are not actions). */
export const isActionKey = (action: string): action is ActionKey => Object.hasOwn(ACTION_CATALOGUE, action);
