/**
 * The registry of audit actions: every action key the code writes (or a feature to come will
 * write), what it means, and the zod schema of its params as stored. `AuditAction` is its key type;
 * appends are type-checked against it and validated by it (`checkedParams`), and the outbound
 * catalogue of template variables is built from it. A key is stored in hash-chained entries and
 * filtered by prefix, so an existing one is never renamed. Entries read back are never checked
 * again: a chain may hold keys and params older code wrote.
 */
import type { z } from 'zod';
import { ACCESS_ACTIONS } from './actions/access.ts';
import { ACCOUNT_ACTIONS } from './actions/accounts.ts';
import type { ActionDefinition } from './actions/action-definition.ts';
import { CI_ACTIONS } from './actions/ci.ts';
import { CODEHOST_ACTIONS } from './actions/codehost.ts';
import { GIT_ACTIONS } from './actions/git.ts';
import { IMPORT_ACTIONS } from './actions/imports.ts';
import { INTEGRATION_ACTIONS } from './actions/integrations.ts';
import { MEMORY_ACTIONS } from './actions/memories.ts';
import { READ_ACTIONS } from './actions/reads.ts';
import { ACTIVE_WORK_ACTIONS } from './actions/active-work.ts';
import { PROJECT_MAPPING_ACTIONS, WORKSPACE_ACTIONS } from './actions/workspaces.ts';

export const AUDIT_ACTIONS = {
  ...ACCOUNT_ACTIONS,
  ...WORKSPACE_ACTIONS,
  ...ACCESS_ACTIONS,
  ...PROJECT_MAPPING_ACTIONS,
  ...MEMORY_ACTIONS,
  ...IMPORT_ACTIONS,
  ...READ_ACTIONS,
  ...INTEGRATION_ACTIONS,
  ...CI_ACTIONS,
  ...CODEHOST_ACTIONS,
  ...ACTIVE_WORK_ACTIONS,
  ...GIT_ACTIONS,
} satisfies Record<string, ActionDefinition>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The params an append of `A` takes (dates already ISO strings: they are stored as JSON). */
export type AuditParams<A extends AuditAction> = z.input<(typeof AUDIT_ACTIONS)[A]['params']>;

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** One issue of a params check, naming the field: `stats.sessions: Too small ...`, `unknown param stats.extra`. */
function problem(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys')
    return `unknown param ${issue.keys.map((key) => [...path, key].join('.')).join(', ')}`;
  return path.length > 0 ? `${path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * `params` (plain JSON, as it will be stored) if they are what `action` takes; otherwise an
 * internal error naming the action and each bad field, which fails the change the entry records.
 */
export function checkedParams(action: string, params: Record<string, unknown>): Record<string, unknown> {
  if (!isAuditAction(action)) throw new Error(`internal error: ${action} is not an audit action`);
  const checked = AUDIT_ACTIONS[action].params.safeParse(params);
  if (checked.success) return params;
  const problems = checked.error.issues.map(problem).join('; ');
  throw new Error(`internal error: the params of audit entry ${action} do not match its schema: ${problems}`);
}
