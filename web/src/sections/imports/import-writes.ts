import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Import, MemoryType, StagedMemory, StagedSelection } from '../../api/types.ts';

export type Step = 'parse' | 'extract' | 'commit';

const path = (id: string) => `/v1/imports/${encodeURIComponent(id)}`;
export const importKey = (id: string) => ['import', id] as const;
export const stagedKey = (id: string) => ['import-staged', id] as const;
/** Every running step of an import shares this key: its page polls the import while one runs. */
export const stepKey = (id: string) => ['import-step', id] as const;

/**
 * Runs a step (POST …/parse, extract or commit; a commit may make its memories confirmed); the
 * import and its staged memories are read again.
 */
export function useImportStep(item: Import) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: stepKey(item.id),
    mutationFn: ({ step, stagedIds, confirmed }: { step: Step; stagedIds?: string[]; confirmed?: boolean }) =>
      api<Import>('POST', `${path(item.id)}/${step}`, {
        body: {
          ...(stagedIds ? { staged_ids: stagedIds } : {}),
          ...(confirmed ? { status: 'confirmed' } : {}),
        },
      }),
    onSuccess: (answer) => client.setQueryData(importKey(item.id), answer),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: importKey(item.id) });
      void client.invalidateQueries({ queryKey: stagedKey(item.id) });
      void client.invalidateQueries({ queryKey: ['imports', item.workspace_key] });
    },
  });
}

/** DELETE an import (its upload, raw sessions, staged memories; committed memories stay). */
export function useDeleteImport(item: Import, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', path(item.id)),
    onSuccess: () => {
      client.removeQueries({ queryKey: importKey(item.id) });
      void client.invalidateQueries({ queryKey: ['imports', item.workspace_key] });
      onDeleted();
    },
  });
}

/** Which staged memories a bulk selection names: all, some types, or some ids. */
export type StagedChoice = { all: true } | { types: MemoryType[] } | { staged_ids: string[] };

/**
 * POST …/staged/select: (de)select many staged memories in one request; the list is read again
 * after a success (a refusal changed nothing: the list and the refusal stay on screen).
 */
export function useSelectStaged(item: Import) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StagedChoice & { selected: boolean }) =>
      api<StagedSelection>('POST', `${path(item.id)}/staged/select`, { body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: stagedKey(item.id) }),
  });
}

export type StagedChange = Partial<Pick<StagedMemory, 'selected' | 'type' | 'content'>>;

/** PATCH one staged memory. */
export function patchStaged(importId: string, stagedId: string, change: StagedChange) {
  return api<StagedMemory>('PATCH', `${path(importId)}/staged/${encodeURIComponent(stagedId)}`, {
    body: change,
  });
}
