import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { ActiveWorkActed, ActiveWorkDetail, ActiveWorkEventList, ActiveWorkList } from '../types.ts';

/** What a project maintainer may do to an item by hand. */
export type ActiveWorkAction = 'confirm' | 'close' | 'reopen';

const projectPath = (project: string) => `/v1/projects/${encodeURIComponent(project)}/active-work`;
const itemPath = (id: string) => `/v1/active-work/${encodeURIComponent(id)}`;

export const activeWorkQueries = {
  /** Every read of a project's Active Work: its items, its timeline, one item. */
  all: (workspace: string, project: string) => ['active-work', workspace, project] as const,
  /** The project's items in these statuses, newest evidence first. */
  items: (workspace: string, project: string, statuses: readonly string[]) =>
    pagedQuery<ActiveWorkList>(
      [...activeWorkQueries.all(workspace, project), 'items'],
      projectPath(project),
      { workspace_key: workspace, status: statuses.join(','), limit: 25 },
    ),
  /** The project's timeline, newest first, of one type of event or every type (''). */
  events: (workspace: string, project: string, type: string) =>
    pagedQuery<ActiveWorkEventList>(
      [...activeWorkQueries.all(workspace, project), 'events'],
      `${projectPath(project)}/events`,
      { workspace_key: workspace, type: type || undefined, limit: 25 },
    ),
  /** One item of the project, with its evidence and its events. */
  item: (workspace: string, project: string, id: string) =>
    queryOptions({
      queryKey: [...activeWorkQueries.all(workspace, project), 'item', id] as const,
      queryFn: ({ signal }) => get<ActiveWorkDetail>(itemPath(id), { signal }),
    }),
};

/** Confirms, closes or reopens an item (project maintainers), with an optional reason. */
export const actOnItem = (id: string, action: ActiveWorkAction, reason: string) =>
  send<ActiveWorkActed>('POST', `${itemPath(id)}/${action}`, { body: reason ? { reason } : {} });
