import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector` (full-text search document); written and read through SQL only. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** Full-text ranking looks at the newest matches only (docs/adr/0006-recall-ranking.md): this many. */
export const NEWEST_MATCHES = 200;
