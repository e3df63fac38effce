import { queryOptions } from '@tanstack/react-query';
import type { Query } from '../client.ts';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { Memory, MemoryHistory, MemoryList, MemoryStatus, MemoryType, MemoryWrite } from '../types.ts';

const memoryPath = (id: string) => `/v1/memories/${encodeURIComponent(id)}`;
/** A memory's routes take its workspace (optional on reads: the server finds it then). */
const inWorkspace = (workspace: string) => ({ workspace_key: workspace || undefined });

/**
 * What a write sets: content and type (writers), status (maintainers), the memories it supersedes
 * (added to those it does already; a writer may supersede drafts only) and its review date (an ISO
 * date-time, or null to clear it).
 */
export interface MemoryChange {
  content?: string;
  type?: MemoryType;
  status?: MemoryStatus;
  supersedes?: string[];
  review_after?: string | null;
}

export const memoryQueries = {
  /** Every list of a project's memories, whatever its filters. */
  all: (workspace: string, project: string) => ['memories', workspace, project] as const,
  /** Recall (with words) or the newest memories, as `query` asks (`recallQuery`). */
  list: (workspace: string, project: string, query: Query) =>
    pagedQuery<MemoryList>(memoryQueries.all(workspace, project), '/v1/memories', query),
  /** Every read of one memory. */
  one: (id: string) => ['memory', id] as const,
  detail: (id: string, workspace: string) =>
    queryOptions({
      queryKey: [...memoryQueries.one(id), workspace] as const,
      queryFn: ({ signal }) => get<Memory>(memoryPath(id), { query: inWorkspace(workspace), signal }),
    }),
  /** Every read of one memory's versions. */
  histories: (id: string) => ['memory-history', id] as const,
  /** Every version of a memory, newest first (kept after it is deleted). */
  history: (id: string, workspace: string) =>
    pagedQuery<MemoryHistory>(
      memoryQueries.histories(id),
      `${memoryPath(id)}/history`,
      inWorkspace(workspace),
    ),
};

type Located = Pick<Memory, 'id' | 'workspace_key'>;

export const memoryWrites = {
  create: (workspace: string, project: string, memory: MemoryChange) =>
    send<MemoryWrite>('POST', '/v1/memories', {
      body: { workspace_key: workspace, project_key: project, ...memory },
    }),
  /** PATCH only what changed. */
  update: (memory: Located, change: MemoryChange) =>
    send<MemoryWrite>('PATCH', memoryPath(memory.id), {
      body: { workspace_key: memory.workspace_key, ...change },
    }),
  /** DELETE (maintainers); its history stays readable. */
  remove: (memory: Located) =>
    send('DELETE', memoryPath(memory.id), { query: { workspace_key: memory.workspace_key } }),
};
