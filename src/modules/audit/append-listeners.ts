/**
 * What acts on audit entries as they are appended: chat forwarding today. The audit module knows
 * none of them: each is registered once where the app is composed (src/composition.ts), and every
 * append calls them in order, inside the transaction that writes the entries, so what they write
 * (a delivery and its job) commits or rolls back with the change the entries record.
 */
import type { Ctx } from '../../platform/context.ts';
import type { AuditRow } from './table.ts';

/** Called with the entries one append wrote (in order), in its transaction (`ctx.db`). */
export type AppendListener = (ctx: Ctx, entries: readonly AuditRow[]) => Promise<void>;

const listeners: AppendListener[] = [];

/** Registers `listener` for every later append in this process; registering it again changes nothing. */
export function onAuditAppended(listener: AppendListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Hands freshly appended entries to every listener, in registration order. */
export async function tellAppendListeners(ctx: Ctx, entries: readonly AuditRow[]): Promise<void> {
  for (const listener of listeners) await listener(ctx, entries);
}
