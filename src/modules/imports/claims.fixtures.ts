/** Claims of import steps as other processes leave them, shared by the import tests. */

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Harness } from '../../test/harness.ts';
import { imports, type ImportClaim } from './table.ts';

/** The owner of a claim made by a server process that is gone (a boot id no process has). */
export const deadOwner = (): string => `${randomBytes(16).toString('hex')}.1`;

/** Writes a claim on an import, as a claiming process does: `what` runs, owned by `owner`. */
export async function markRunning(h: Harness, id: string, what: ImportClaim, owner: string): Promise<void> {
  await h.database.db
    .update(imports)
    .set({ runningStep: what, runningSince: new Date(), runningOwner: owner })
    .where(eq(imports.id, id));
}

/**
 * Runs `body` while `what` runs on the import in this very server process (the app's own live
 * claim), then ends that claim as the step would.
 */
export async function whileRunningHere<T>(
  h: Harness,
  id: string,
  what: ImportClaim,
  body: () => Promise<T>,
): Promise<T> {
  const claim = h.database.claims.begin();
  try {
    await markRunning(h, id, what, claim.owner);
    return await body();
  } finally {
    claim.end();
  }
}
