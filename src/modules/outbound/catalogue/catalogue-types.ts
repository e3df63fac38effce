import type { AuditAction } from '../../audit/index.ts';

/**
 * Every action a notification may name: the keys the code writes to the audit log, and the keys
 * of features that will write them (CI results, manual changes to active work, the code host
 * connection), listed ahead so that their templates exist when they start.
 */
export type ActionKey =
  | AuditAction
  | 'ci.success'
  | 'ci.failure'
  | 'active_work.manual_confirm'
  | 'active_work.manual_close'
  | 'active_work.manual_reopen'
  | 'codehost.installation.connected'
  | 'codehost.repos.synced';

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

/** A part of the catalogue (one family of actions); every key must be an ActionKey. */
export type CatalogueFamily = Partial<Record<ActionKey, CatalogueAction>>;
