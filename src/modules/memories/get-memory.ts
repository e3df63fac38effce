import type { Ctx } from '../../platform/context.ts';
import { requireMemory, type MemoryAccess } from './memory-access.ts';

export function getMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; workspace_key?: string | undefined };
}): Promise<MemoryAccess> {
  return requireMemory(ctx, input.id, input.workspace_key, 'reader');
}
