import { z } from 'zod';
import { iso, isoOrNull, nullableTimestamp, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import type { InstallationStatus } from './installation-status.ts';
import type { SyncAnswer } from './sync-repos.ts';
import type { PermissionSyncResult } from './sync-permissions.ts';
import type { RepoRow } from './table.ts';
import { effectiveMapping } from './role-mapping.ts';

export const workspaceParams = z.strictObject({ key: workspaceKey });
export const reposQuery = z.strictObject(pageQuery);

const role = z.enum(['maintainer', 'writer', 'reader']).nullable();
export const roleMappingBody = z.strictObject({
  admin: role.optional(),
  maintain: role.optional(),
  write: role.optional(),
  triage: role.optional(),
  read: role.optional(),
});
export const roleMappingAnswer = z.object({
  admin: role,
  maintain: role,
  write: role,
  triage: role,
  read: role,
});

export const callbackQuery = z.object({
  installation_id: z.coerce
    .number({ message: 'expected the numeric id of the installation' })
    .int('expected the numeric id of the installation')
    .positive('expected the numeric id of the installation')
    .max(Number.MAX_SAFE_INTEGER),
  state: z.string().min(1).max(2000),
  setup_action: z
    .string()
    .max(50)
    .optional()
    .describe('What the code host did (install, update): informational'),
});

export const installUrlAnswer = z.object({
  install_url: z.string().describe("The code host's install page with a signed state; open it in a browser"),
  expires_at: timestamp,
});

const syncCounts = {
  added: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  total: z.number().int().describe('Active repositories after the sync'),
  projects_created: z
    .number()
    .int()
    .describe('Projects created for linked repositories (auto_create_project)'),
};

export const syncAnswer = z.object({ ...syncCounts, synced_at: timestamp });
export const presentSync = (s: SyncAnswer) => ({ ...s, synced_at: iso(s.synced_at) });

const lastSync = z
  .object({
    at: timestamp,
    status: z.enum(['ok', 'failed']),
    trigger: z.string(),
    added: syncCounts.added.optional(),
    updated: syncCounts.updated.optional(),
    deactivated: syncCounts.deactivated.optional(),
    total: syncCounts.total.optional(),
    projects_created: syncCounts.projects_created.optional(),
    error: z.string().optional(),
  })
  .nullable();

export const installationAnswer = z.object({
  workspace_key: z.string(),
  connected: z.boolean(),
  webhooks_enabled: z.boolean(),
  installation: z
    .object({
      installation_id: z.number().int(),
      account: z.object({ login: z.string(), type: z.string() }),
      repository_selection: z.enum(['all', 'selected']),
      connected_at: timestamp,
      connected_by: z.object({ user_id: z.string(), email: z.string() }).nullable(),
      suspended_at: nullableTimestamp.describe(
        'When the code host suspended the installation (syncs wait until it is unsuspended); null: active',
      ),
    })
    .nullable(),
  repository_count: z.number().int().describe('Active repository links'),
  role_mapping: roleMappingAnswer.describe('Which project role each code host permission gives (null: none)'),
  last_sync_at: nullableTimestamp,
  last_sync: lastSync,
});

export function presentInstallation(s: InstallationStatus): z.input<typeof installationAnswer> {
  const i = s.installation;
  return {
    workspace_key: s.workspace_key,
    connected: i !== null,
    webhooks_enabled: s.webhooks_enabled,
    installation: i && {
      installation_id: i.installationId,
      account: { login: i.accountLogin, type: i.accountType },
      repository_selection: i.repositorySelection,
      connected_at: iso(i.connectedAt),
      connected_by:
        i.connectedBy && i.connectedByEmail ? { user_id: i.connectedBy, email: i.connectedByEmail } : null,
      suspended_at: isoOrNull(i.suspendedAt),
    },
    repository_count: s.repository_count,
    role_mapping: effectiveMapping(i?.roleMapping ?? null),
    last_sync_at: isoOrNull(i?.lastSyncAt ?? null),
    last_sync: i?.lastSyncAt && i.lastSyncResult ? { at: iso(i.lastSyncAt), ...i.lastSyncResult } : null,
  };
}

export const callbackAnswer = z.object({
  workspace_key: z.string(),
  connected: z.literal(true),
  installation: installationAnswer.shape.installation,
});

const repoAnswer = z.object({
  full_name: z.string(),
  private: z.boolean(),
  default_branch: z.string(),
  repo_id: z.number().int().describe("The repository's id at the code host"),
  html_url: z.string(),
  updated_at: timestamp,
});
export const reposAnswer = listAnswer(repoAnswer);
export const presentRepo = (r: RepoRow) => ({
  full_name: r.fullName,
  private: r.private,
  default_branch: r.defaultBranch,
  repo_id: r.repoId,
  html_url: r.htmlUrl,
  updated_at: iso(r.updatedAt),
});

export const syncPermissionsQuery = z.strictObject({
  dry_run: z
    .enum(['true', 'false'], { message: 'expected true or false' })
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: answer the planned changes without applying them'),
});

/** At most this many planned changes are listed in an answer (the counts are always whole). */
const LISTED = 1000;

const plannedChange = z.object({
  change: z.enum(['add', 'change', 'remove']),
  project_key: z.string(),
  user_id: z.string(),
  email: z.string().nullable(),
  old_role: z.string().nullable(),
  new_role: z.string().nullable(),
  evidence: z.record(z.string(), z.string()),
});

export const syncPermissionsAnswer = z.object({
  dry_run: z.boolean(),
  correlation_id: z.string().describe('Groups the access events of this run (none written on a dry run)'),
  repositories: z.number().int().describe('Linked repositories with a project that were read'),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  kept_manual: z.number().int().describe('Memberships a person made, left as they are'),
  skipped: z.object({
    unknown_logins: z.array(z.string()).describe('Code host logins no ctxhub user has'),
    not_workspace_members: z.array(z.string()).describe('Logins of ctxhub users outside the workspace'),
  }),
  changes: z.array(plannedChange).describe(`The planned or applied changes (the first ${LISTED})`),
  truncated: z.boolean(),
});

export function presentPermissionSync(r: PermissionSyncResult & { emails: Map<string, string> }) {
  const tagged = [
    ...r.plan.adds.map((c) => ({ c, change: 'add' as const })),
    ...r.plan.changes.map((c) => ({ c, change: 'change' as const })),
    ...r.plan.removes.map((c) => ({ c, change: 'remove' as const })),
  ];
  return {
    dry_run: r.dryRun,
    correlation_id: r.correlationId,
    repositories: r.repositories,
    added: r.plan.adds.length,
    changed: r.plan.changes.length,
    removed: r.plan.removes.length,
    kept_manual: r.plan.keptManual,
    skipped: { unknown_logins: r.plan.unknownLogins, not_workspace_members: r.plan.notMembers },
    changes: tagged.slice(0, LISTED).map(({ c, change }) => ({
      change,
      project_key: c.project.key,
      user_id: c.userId,
      email: r.emails.get(c.userId) ?? null,
      old_role: c.oldRole,
      new_role: c.newRole,
      evidence: c.evidence,
    })),
    truncated: tagged.length > LISTED,
  };
}
