import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Memory, MemoryStatus, MemoryType, MemoryWrite } from '../../api/types.ts';

export interface MemoryChange {
  content?: string;
  type?: MemoryType;
  status?: MemoryStatus;
}

const path = (id: string) => `/v1/memories/${encodeURIComponent(id)}`;

/** PATCH a memory; the answer replaces the one shown, and lists and history are read again. */
export function useUpdateMemory(memory: Memory) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemoryChange) =>
      api<MemoryWrite>('PATCH', path(memory.id), {
        body: { workspace_key: memory.workspace_key, ...change },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['memory', memory.id] });
      void client.invalidateQueries({ queryKey: ['memory-history', memory.id] });
      void client.invalidateQueries({ queryKey: ['memories', memory.workspace_key, memory.project_key] });
    },
  });
}

/** DELETE a memory (maintainer); its history stays readable. */
export function useDeleteMemory(memory: Memory, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<void>('DELETE', path(memory.id), { query: { workspace_key: memory.workspace_key } }),
    onSuccess: () => {
      // Read again on the next visit (it answers 404 then), not now: the page is being left.
      void client.invalidateQueries({ queryKey: ['memory', memory.id], refetchType: 'none' });
      void client.invalidateQueries({ queryKey: ['memory-history', memory.id] });
      void client.invalidateQueries({ queryKey: ['memories', memory.workspace_key, memory.project_key] });
      onDeleted();
    },
  });
}
