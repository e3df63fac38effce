import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Import, StagedMemory } from '../../api/types.ts';

export type Step = 'parse' | 'extract' | 'commit';

const path = (id: string) => `/v1/imports/${encodeURIComponent(id)}`;
export const importKey = (id: string) => ['import', id] as const;
export const stagedKey = (id: string) => ['import-staged', id] as const;
/** Every running step of an import shares this key: its page polls the import while one runs. */
export const stepKey = (id: string) => ['import-step', id] as const;

/** Runs a step (POST …/parse, extract or commit); the import and its staged memories are read again. */
export function useImportStep(item: Import) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: stepKey(item.id),
    mutationFn: ({ step, stagedIds }: { step: Step; stagedIds?: string[] }) =>
      api<Import>('POST', `${path(item.id)}/${step}`, {
        body: stagedIds ? { staged_ids: stagedIds } : {},
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

export type StagedChange = Partial<Pick<StagedMemory, 'selected' | 'type' | 'content'>>;

/** PATCH one staged memory. */
export function patchStaged(importId: string, stagedId: string, change: StagedChange) {
  return api<StagedMemory>('PATCH', `${path(importId)}/staged/${encodeURIComponent(stagedId)}`, {
    body: change,
  });
}
