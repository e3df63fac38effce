// The schema barrel: every module's tables, for Drizzle's client and drizzle-kit.
export * from '../../modules/users/table.ts';
export * from '../../modules/api-keys/table.ts';
export * from '../../modules/workspaces/table.ts';
export * from '../../modules/projects/table.ts';
export * from '../../modules/audit/table.ts';
export * from '../../modules/memories/table.ts';
export * from '../../modules/raw/table.ts';
export * from '../../modules/imports/table.ts';
export * from '../../modules/integrations/config/table.ts';
export * from '../../modules/sessions/table.ts';
export * from '../jobs/table.ts';
export * from '../../modules/notifications/table.ts';
export * from '../../modules/outbound/table.ts';
