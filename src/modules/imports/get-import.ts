import type { Ctx } from '../../platform/context.ts';
import { requireImport, type ImportAccess } from './import-access.ts';

/** One import with its status and step counts, for a caller who may work on it (others get 404). */
export function getImport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ImportAccess> {
  return requireImport(ctx, input.id);
}
