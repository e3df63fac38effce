/** The public face of the audit module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export type { AuditAction } from './audit-action.ts';
export { auditLog } from './table.ts';
export { appendAudit, appendAudits } from './audit-entries.ts';
export type { AuditInput } from './audit-entries.ts';
export { canonicalJson } from './chain-hash.ts';
export { recordAccessChange } from './access-change-entry.ts';
export { auditRoutes } from './routes.ts';
