import { queryOptions } from '@tanstack/react-query';
import { get, send } from '../request.ts';
import type { ProjectMapping, ProjectMappingList } from '../types.ts';
import { workspacePath } from './workspaces.ts';

const pathOf = (workspace: string) => `${workspacePath(workspace)}/project-mappings`;
const mappingPath = (workspace: string, id: string) => `${pathOf(workspace)}/${encodeURIComponent(id)}`;

export type MappingKind = ProjectMapping['kind'];

export const mappingQueries = {
  /** A workspace's project mappings (one answer: the API does not page them). */
  list: (workspace: string) =>
    queryOptions({
      queryKey: ['mappings', workspace] as const,
      queryFn: ({ signal }) => get<ProjectMappingList>(pathOf(workspace), { signal }),
    }),
};

export const mappingWrites = {
  create: (
    workspace: string,
    body: { kind: MappingKind; external_id: string; project_key: string; priority: number },
  ) => send<ProjectMapping>('POST', pathOf(workspace), { body }),
  update: (workspace: string, id: string, changes: Partial<Pick<ProjectMapping, 'priority' | 'enabled'>>) =>
    send<ProjectMapping>('PATCH', mappingPath(workspace, id), { body: changes }),
  remove: (workspace: string, id: string) => send('DELETE', mappingPath(workspace, id)),
};
