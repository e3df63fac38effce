/** The public face of the audit module: what other modules, the CLI and the app may import from it. */
export { AUDIT_ACTIONS, type AuditAction, type AuditParams } from './audit-actions.ts';
export { auditExplanations, auditLog, type ExplanationRow } from './table.ts';
export { appendAudit, appendAudits } from './audit-entries.ts';
export { onAuditAppended } from './append-listeners.ts';
export type { AuditInput } from './audit-entries.ts';
export { canonicalJson } from './chain-hash.ts';
export { recordAccessChange, recordAccessChanges } from './access-change-entry.ts';
export { auditRoutes } from './routes.ts';
export { SYNC_TRIGGERS } from './actions/codehost.ts';
export { askExplanations, cachedExplanation, explanationOf, finishExplanation } from './explanations.ts';
export { MODEL_PASS_COUNTS, type ModelPassStats } from './actions/imports.ts';
