/**
 * The tables every module joins on: who (users), where (workspaces, projects) and who belongs
 * where (workspace and project members). They sit below every module that reads or changes them:
 * users, workspaces and projects own the verbs, access checks read them, and memories, imports,
 * audit and the rest filter by them.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name'),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Their login at the code host, lower-cased (set by them or an admin): how permission sync finds them. */
  codehostLogin: text('codehost_login').unique('users_codehost_login_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;

export interface ProjectMapping {
  id: string;
  kind: 'codehost_remote' | 'repo_root_slug' | 'manual';
  external_id: string;
  project_key: string;
  priority: number;
  enabled: boolean;
}

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  defaultOutboundLocale: text('default_outbound_locale').notNull().default('en'),
  supportedLocales: text('supported_locales').array().notNull().default(['en']),
  resolutionOrder: text('resolution_order')
    .array()
    .notNull()
    .default(['codehost_remote', 'repo_root_slug', 'manual']),
  autoCreateProject: boolean('auto_create_project').notNull().default(false),
  keyPrefixes: text('key_prefixes').array().notNull().default([]),
  projectMappings: jsonb('project_mappings').$type<ProjectMapping[]>().notNull().default([]),
  autoSwitchRepo: boolean('auto_switch_repo').notNull().default(true),
  autoSwitchSubproject: boolean('auto_switch_subproject').notNull().default(false),
  enableMonorepoResolution: boolean('enable_monorepo_resolution').notNull().default(false),
  monorepoDetectionLevel: integer('monorepo_detection_level').notNull().default(2),
  /** The project role needed to search and view raw transcript snippets (writer or maintainer). */
  rawAccessMinRole: text('raw_access_min_role').$type<'writer' | 'maintainer'>().notNull().default('writer'),
  /** Days without evidence after which an active Active Work item is marked stale. */
  activeWorkStaleDays: integer('active_work_stale_days').notNull().default(7),
  /** Days without evidence after which a stale item is closed by the sweep; null: never. */
  activeWorkAutoCloseDays: integer('active_work_auto_close_days'),
  /** Extract also asks the language model for memories (the audit reasoner's model). */
  modelExtraction: boolean('model_extraction').notNull().default(false),
  /** Days after which a memory of a type becomes stale unless used or confirmed; a type left out never does. */
  reviewAfterDays: jsonb('review_after_days').$type<Partial<Record<string, number>>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

export type WorkspaceRole = 'owner' | 'admin' | 'member';
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('projects_workspace_key_uq').on(t.workspaceId, t.key)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<ProjectRole>().notNull(),
    /** Who made the membership: a person (`manual`, never removed by a sync) or the code host's permission sync. */
    source: text('source').$type<MembershipSource>().notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export type ProjectRole = 'maintainer' | 'writer' | 'reader';
export type MembershipSource = 'manual' | 'codehost';
export type ProjectRow = typeof projects.$inferSelect;
