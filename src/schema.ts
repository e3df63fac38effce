// Every module's tables, for drizzle-kit (`npm run db:generate` compares them with the migrations).
// It sits beside the composition root: the database client needs no schema (queries name their tables).
export * from './modules/tenancy/table.ts';
export * from './modules/api-keys/table.ts';
export * from './modules/audit/table.ts';
export * from './modules/memories/table.ts';
export * from './modules/raw/table.ts';
export * from './modules/imports/table.ts';
export * from './modules/integrations/config/table.ts';
export * from './modules/integrations/model/table.ts';
export * from './modules/sessions/table.ts';
export * from './platform/jobs/table.ts';
export * from './modules/notifications/table.ts';
export * from './modules/outbound/table.ts';
export * from './modules/codehost/table.ts';
export * from './modules/active-work/table.ts';
export * from './modules/git-events/table.ts';
