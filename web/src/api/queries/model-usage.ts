import { queryOptions } from '@tanstack/react-query';
import { get } from '../request.ts';
import type { ModelUsage } from '../types.ts';
import { workspacePath } from './workspaces.ts';

export const modelUsageQueries = {
  /**
   * A workspace's language model calls, failures and tokens (this hour against the hourly cap, the
   * last 24 hours and 30 days, by day); workspace admins, the server refuses others.
   */
  usage: (workspace: string) =>
    queryOptions({
      queryKey: ['model-usage', workspace] as const,
      queryFn: ({ signal }) => get<ModelUsage>(`${workspacePath(workspace)}/model-usage`, { signal }),
      retry: false,
    }),
};
