import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memoryQueries, memoryWrites, type MemoryChange } from '../../api/queries/memories.ts';
import type { Memory } from '../../api/types.ts';

/** PATCH a memory; the answer replaces the one shown, and lists and history are read again. */
export function useUpdateMemory(memory: Memory) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemoryChange) => memoryWrites.update(memory, change),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: memoryQueries.one(memory.id) });
      void client.invalidateQueries({ queryKey: memoryQueries.histories(memory.id) });
      void client.invalidateQueries({
        queryKey: memoryQueries.all(memory.workspace_key, memory.project_key),
      });
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
