/**
 * Every action key the code writes to the audit log, spelled out once: a typo in an action fails
 * typecheck. The strings are stored in hash-chained entries and filtered by prefix, so an existing
 * one is never renamed; a new kind of change adds its key here. Entries read back keep `string`
 * (a chain may hold keys older code wrote).
 */
export type AuditAction =
  | 'user.created'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'api_key.reset'
  | 'api_key.one_time_view'
  | 'session.signed_in'
  | 'session.signed_out'
  | 'workspace.created'
  | 'workspace_settings.updated'
  | 'project.created'
  | `access.${AccessScope}.${AccessVerb}`
  | 'project_mapping.created'
  | 'project_mapping.updated'
  | 'project_mapping.deleted'
  | 'memory.created'
  | 'memory.updated'
  | 'memory.deleted'
  | 'import.uploaded'
  | 'import.parsed'
  | 'import.extracted'
  | 'import.committed'
  | 'import.failed'
  | 'import.staged_updated'
  | 'import.staged_selected'
  | 'import.expired'
  | 'import.deleted'
  | 'raw.search'
  | 'raw.view'
  | 'integration.updated'
  | 'integration.delivery_retried'
  | 'integration.outbound_policy_updated'
  | 'tracker.search'
  | 'tracker.read'
  | 'wiki.search'
  | 'wiki.read'
  | 'ci.success'
  | 'ci.failure';

/** Whose membership an access change touches. */
export type AccessScope = 'workspace_member' | 'project_member';
/** What happened to it: `access.<scope>.<verb>`. */
export type AccessVerb = 'added' | 'role_changed' | 'removed';
