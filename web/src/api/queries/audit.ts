import type { Query } from '../client.ts';
import { pagedQuery } from '../paged.ts';
import { get } from '../request.ts';
import type { AccessTimeline, AuditList, ChainReport } from '../types.ts';

export const auditQueries = {
  /** Every read of a workspace's audit log ('' for the server level's). */
  logs: (workspace: string) => ['audit-logs', workspace] as const,
  /** A log's entries, newest first, filtered as `query` says (`action_prefix`, `limit`). */
  log: (workspace: string, query: Query) =>
    pagedQuery<AuditList>(auditQueries.logs(workspace), '/v1/audit-logs', {
      workspace_key: workspace || undefined,
      ...query,
    }),
  /** Every read of a workspace's access timeline, whatever its filters. */
  accessTimelines: (workspace: string) => ['access-timeline', workspace] as const,
  /** A workspace's access changes, newest first, filtered as `query` says. */
  accessTimeline: (workspace: string, query: Query) =>
    pagedQuery<AccessTimeline>(auditQueries.accessTimelines(workspace), '/v1/audit/access-timeline', {
      workspace_key: workspace,
      ...query,
    }),
};

/** The server recomputes a log's hash chain (asked on demand, never kept). */
export const verifyChain = (workspace: string | undefined) =>
  get<ChainReport>('/v1/audit/verify', { query: { workspace_key: workspace } });
