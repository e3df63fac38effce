import { bigint, boolean, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users, workspaces } from '../tenancy/index.ts';

/** How the last repository sync of an installation ended (shown by the installation status). */
export interface SyncResult {
  status: 'ok' | 'failed';
  trigger: string;
  added?: number;
  updated?: number;
  deactivated?: number;
  total?: number;
  projects_created?: number;
  error?: string;
}

/**
 * The code host app's installation connected to a workspace: at most one per workspace, and one
 * installation serves one workspace. Its tokens are never stored: each use mints a short-lived one.
 */
export const codehostInstallations = pgTable(
  'codehost_installations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    accountLogin: text('account_login').notNull(),
    accountType: text('account_type').notNull(),
    repositorySelection: text('repository_selection').$type<'all' | 'selected'>().notNull(),
    connectedBy: text('connected_by').references(() => users.id),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    /** When the code host suspended the installation (its tokens refused until unsuspended); null: not suspended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncResult: jsonb('last_sync_result').$type<SyncResult>(),
    /** The workspace's mapping of code host permissions to project roles; null: the default. */
    roleMapping: jsonb('role_mapping').$type<Record<string, string | null>>(),
  },
  (t) => [
    unique('codehost_installations_workspace_uq').on(t.workspaceId),
    unique('codehost_installations_installation_uq').on(t.installationId),
  ],
);

export type InstallationRow = typeof codehostInstallations.$inferSelect;

/**
 * A repository the workspace's installation reaches (active), or reached (inactive: no longer
 * accessible at the last sync). Keyed by the code host's repository id, which survives renames.
 */
export const codehostRepos = pgTable(
  'codehost_repos',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    repoId: bigint('repo_id', { mode: 'number' }).notNull(),
    fullName: text('full_name').notNull(),
    private: boolean('private').notNull(),
    defaultBranch: text('default_branch').notNull(),
    /** The repository's page (`https://github.com/acme/api`): its project key derives from it. */
    htmlUrl: text('html_url').notNull(),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('codehost_repos_workspace_repo_uq').on(t.workspaceId, t.repoId),
    index('codehost_repos_listing_idx').on(t.workspaceId, t.active, t.fullName, t.id),
  ],
);

export type RepoRow = typeof codehostRepos.$inferSelect;

/** Webhook deliveries received (by the code host's delivery id): a delivery sent again is acknowledged, not redone. */
export const codehostDeliveries = pgTable(
  'codehost_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('codehost_deliveries_received_idx').on(t.receivedAt)],
);

/** Install states already used: a state is good for one connection (rows are kept until they expire). */
export const codehostStateUses = pgTable('codehost_state_uses', {
  nonce: text('nonce').primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
