import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  importQueries,
  importWrites,
  type ImportStep,
  type StagedChoice,
} from '../../api/queries/imports.ts';
import type { Import } from '../../api/types.ts';

/**
 * Runs a step (POST …/parse, extract or commit; a commit may make its memories confirmed); the
 * import and its staged memories are read again.
 */
export function useImportStep(item: Import) {
  const client = useQueryClient();
  const detail = importQueries.detail(item.id).queryKey;
  return useMutation({
    mutationKey: importQueries.step(item.id),
    mutationFn: ({
      step,
      stagedIds,
      confirmed,
    }: {
      step: ImportStep;
      stagedIds?: string[];
      confirmed?: boolean;
    }) =>
      importWrites.runStep(item.id, step, {
        ...(stagedIds ? { staged_ids: stagedIds } : {}),
        ...(confirmed ? { status: 'confirmed' } : {}),
      }),
    onSuccess: (answer) => client.setQueryData(detail, answer),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: detail });
      void client.invalidateQueries({ queryKey: importQueries.staged(item.id).queryKey });
      void client.invalidateQueries({ queryKey: importQueries.all(item.workspace_key) });
    },
  });
}

/** DELETE an import (its upload, raw sessions, staged memories; committed memories stay). */
export function useDeleteImport(item: Import, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => importWrites.remove(item.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: importQueries.detail(item.id).queryKey });
      void client.invalidateQueries({ queryKey: importQueries.all(item.workspace_key) });
      onDeleted();
    },
  });
}

/**
 * POST …/staged/select: (de)select many staged memories in one request; the list is read again
 * after a success (a refusal changed nothing: the list and the refusal stay on screen).
 */
export function useSelectStaged(item: Import) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StagedChoice & { selected: boolean }) => importWrites.selectStaged(item.id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: importQueries.staged(item.id).queryKey }),
  });
}
