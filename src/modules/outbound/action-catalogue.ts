/**
 * What templates may use, per action: the variables every message has, and each action's own,
 * built from the audit registry (each action's description and its params' descriptions and
 * examples), so a param added to an action is a template variable at once.
 */
import type { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from '../audit/index.ts';
import { missing } from '../../platform/missing.ts';

/** Every action a notification may name: the audit registry's. */
export type ActionKey = AuditAction;

/** One variable a template may use: what it holds, and a realistic value (previews, tests). */
export interface CatalogueVariable {
  description: string;
  example: unknown;
  /** Absent (or null) in some entries of the action; a template guards it with `{% if %}`. */
  optional?: boolean;
}

/** One action: what happened, and the audit entry's params, which templates see by name. */
export interface CatalogueAction {
  description: string;
  variables: Record<string, CatalogueVariable>;
}

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

/** Computed for a message next to `target_user_id` (see messageVariables): not a param. */
const TARGET_USER: CatalogueVariable = {
  description: 'The user whose membership changed: "Name (e-mail)", or their id when the user is gone',
  example: 'Ana Souza (ana@example.com)',
};

/** A param as a variable: its description and example, optional when it may be absent or null. */
function variableOf(action: string, name: string, schema: z.ZodType): CatalogueVariable {
  const meta = schema.meta() ?? missing(`the description of ${action} ${name}`);
  const optional =
    meta.olderEntriesLack === true || schema.safeParse(undefined).success || schema.safeParse(null).success;
  return {
    description: meta.description ?? missing(`the description of ${action} ${name}`),
    example: meta.example,
    ...(optional ? { optional } : {}),
  };
}

/**
 * An action's own variables, in the order of its params: a common variable's name is the common
 * one's, and a param that is always null (no role before an addition) says nothing.
 */
function variablesOf(action: string, params: z.ZodObject): Record<string, CatalogueVariable> {
  const variables: Record<string, CatalogueVariable> = {};
  for (const [name, schema] of Object.entries(params.shape)) {
    if (Object.hasOwn(COMMON_VARIABLES, name) || schema.def.type === 'null') continue;
    if (name === 'target_user_id') variables.target_user = TARGET_USER;
    variables[name] = variableOf(action, name, schema);
  }
  return variables;
}

/** Every action key a notification may name, what it means and its own variables. */
export const ACTION_CATALOGUE = Object.fromEntries(
  Object.entries(AUDIT_ACTIONS).map(([key, a]) => [
    key,
    { description: a.description, variables: variablesOf(key, a.params) },
  ]),
) as Record<ActionKey, CatalogueAction>;

export const ACTION_KEYS = Object.keys(ACTION_CATALOGUE) as ActionKey[];

/** Whether `action` is in the catalogue (own keys only: `constructor` and the like are not actions). */
export const isActionKey = (action: string): action is ActionKey => Object.hasOwn(ACTION_CATALOGUE, action);
