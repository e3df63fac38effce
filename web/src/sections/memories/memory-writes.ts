import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memoryQueries, memoryWrites, type MemoryChange } from '../../api/queries/memories.ts';
import type { Memory } from '../../api/types.ts';

/**
 * Saves a memory: POST a new one in the project, or (with `memory`) PATCH it with what changed;
 * then the project's lists, the memory's reads and history, and those of the memories it now
 * supersedes (their status and link changed) are read again.
 */
export function useSaveMemory(
  workspace: string,
  project: string,
  memory?: Pick<Memory, 'id' | 'workspace_key'>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemoryChange) =>
      memory ? memoryWrites.update(memory, change) : memoryWrites.create(workspace, project, change),
    onSuccess: (_answer, change) => {
      void client.invalidateQueries({ queryKey: memoryQueries.all(workspace, project) });
      for (const id of [...(memory ? [memory.id] : []), ...(change.supersedes ?? [])]) {
        void client.invalidateQueries({ queryKey: memoryQueries.one(id) });
        void client.invalidateQueries({ queryKey: memoryQueries.histories(id) });
      }
    },
  });
}

/** DELETE a memory (maintainer); its history stays readable. */
export function useDeleteMemory(memory: Memory, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => memoryWrites.remove(memory),
    onSuccess: () => {
      // Read again on the next visit (it answers 404 then), not now: the page is being left.
      void client.invalidateQueries({ queryKey: memoryQueries.one(memory.id), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: memoryQueries.histories(memory.id) });
      void client.invalidateQueries({
        queryKey: memoryQueries.all(memory.workspace_key, memory.project_key),
      });
      onDeleted();
    },
  });
}
