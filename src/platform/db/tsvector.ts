import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector` (full-text search document); written and read through SQL only. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** Full-text ranking looks at the newest matches only (ARCHITECTURE.md): this many at most. */
export const NEWEST_MATCHES = 200;
