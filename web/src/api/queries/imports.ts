import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { Import, ImportList, MemoryType, StagedList, StagedMemory, StagedSelection } from '../types.ts';
import { uploadForm, type UploadProgress } from '../upload.ts';

const importPath = (id: string) => `/v1/imports/${encodeURIComponent(id)}`;

export type ImportStep = 'parse' | 'extract' | 'commit';

/** Which staged memories a bulk selection names: all, some types, or some ids. */
export type StagedChoice = { all: true } | { types: MemoryType[] } | { staged_ids: string[] };

export type StagedChange = Partial<Pick<StagedMemory, 'selected' | 'type' | 'content'>>;

export const importQueries = {
  /** Every list of a workspace's imports. */
  all: (workspace: string) => ['imports', workspace] as const,
  /** A project's imports, newest first. */
  list: (workspace: string, project: string) =>
    pagedQuery<ImportList>([...importQueries.all(workspace), project], '/v1/imports', {
      workspace_key: workspace,
      project_key: project,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['import', id] as const,
      queryFn: ({ signal }) => get<Import>(importPath(id), { signal }),
    }),
  /** What extract staged, for review (200 a page: the review wants them all at once). */
  staged: (id: string) =>
    pagedQuery<StagedList>(['import-staged', id], `${importPath(id)}/staged`, { limit: 200 }),
  /** The key every running step of an import shares (a mutation's): its page polls while one runs. */
  step: (id: string) => ['import-step', id] as const,
};

export const importWrites = {
  /** The multipart upload, with real progress; the text fields go before the file. */
  upload: (
    fields: { workspace_key: string; project_key: string; source: string },
    file: File,
    onProgress: (progress: UploadProgress) => void,
  ) => uploadForm<Import>('/v1/imports', fields, file, { onProgress }),
  /** POST …/parse, extract or commit; a commit may take ids and make its memories confirmed. */
  runStep: (id: string, step: ImportStep, body: { staged_ids?: string[]; status?: 'confirmed' }) =>
    send<Import>('POST', `${importPath(id)}/${step}`, { body }),
  /** DELETE an import (its upload, raw sessions, staged memories; committed memories stay). */
  remove: (id: string) => send('DELETE', importPath(id)),
  /** POST …/staged/select: (de)select many staged memories in one request. */
  selectStaged: (id: string, change: StagedChoice & { selected: boolean }) =>
    send<StagedSelection>('POST', `${importPath(id)}/staged/select`, { body: change }),
  /** PATCH one staged memory. */
  changeStaged: (id: string, stagedId: string, change: StagedChange) =>
    send<StagedMemory>('PATCH', `${importPath(id)}/staged/${encodeURIComponent(stagedId)}`, { body: change }),
};
