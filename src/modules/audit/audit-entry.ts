import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { auditLog, type AuditRow } from './table.ts';

/** One audit entry by id, for the server's own use (deliveries); null when there is none. */
export async function auditEntry(ctx: Ctx, id: string): Promise<AuditRow | null> {
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return row ?? null;
}
