import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { recordAccessChanges } from '../audit/index.ts';
import {
  projectMembers,
  type MembershipSource,
  type ProjectRole,
  type WorkspaceRow,
} from '../tenancy/index.ts';

/** One membership change a sync decided (old role null: an addition; new role null: a removal). */
export interface SyncedMembershipChange {
  project: { id: string; key: string };
  userId: string;
  oldRole: ProjectRole | null;
  newRole: ProjectRole | null;
  evidence: Record<string, string>;
}

const CHUNK = 2000;
const pairKey = (projectId: string, userId: string) => `${projectId}\0${userId}`;
/** The changes' (project, user, role) triples as one JSON parameter. */
const triples = (
  changes: readonly SyncedMembershipChange[],
  role: (c: SyncedMembershipChange) => string | null,
) => JSON.stringify(changes.map((c) => ({ p: c.project.id, u: c.userId, r: role(c) })));

/** Runs `write` over the changes in chunks; answers the (project, user) pairs it touched. */
async function touched(
  changes: readonly SyncedMembershipChange[],
  write: (part: readonly SyncedMembershipChange[]) => Promise<{ project_id: string; user_id: string }[]>,
): Promise<Set<string>> {
  const done = new Set<string>();
  for (let i = 0; i < changes.length; i += CHUNK) {
    for (const row of await write(changes.slice(i, i + CHUNK)))
      done.add(pairKey(row.project_id, row.user_id));
  }
  return done;
}

/**
 * Applies the project membership changes of an external sync (the code host's permission sync;
 * later the directory's) in the caller's transaction, in a few statements whatever their number:
 * memberships it adds carry the sync's source, and it changes or removes only memberships of that
 * source still holding the role the plan saw, so one a person made is never touched. Each applied
 * change writes its access entry with the source, the batch's correlation id and its evidence.
 * Answers the changes applied.
 */
export async function applySyncedMemberships(
  ctx: Ctx,
  workspace: Pick<WorkspaceRow, 'id' | 'key'>,
  changes: readonly SyncedMembershipChange[],
  batch: { source: Exclude<MembershipSource, 'manual'>; correlationId: string },
): Promise<SyncedMembershipChange[]> {
  const now = ctx.now();
  const adds = changes.filter((c) => c.oldRole === null && c.newRole !== null);
  const removes = changes.filter((c) => c.oldRole !== null && c.newRole === null);
  const updates = changes.filter((c) => c.oldRole !== null && c.newRole !== null);
  const added = await touched(adds, (part) =>
    queryRows(
      ctx.db,
      insertJsonRows(
        projectMembers,
        part.map((c) => ({
          projectId: c.project.id,
          userId: c.userId,
          role: c.newRole ?? 'reader',
          source: batch.source,
          createdAt: now,
        })),
        sql`on conflict do nothing returning project_id, user_id`,
      ),
    ),
  );
  const removed = await touched(removes, (part) =>
    queryRows(
      ctx.db,
      sql`delete from project_members m using jsonb_to_recordset(${triples(part, (c) => c.oldRole)}::jsonb)
            as t(p text, u text, r text)
          where m.project_id = t.p and m.user_id = t.u and m.role = t.r and m.source = ${batch.source}
          returning m.project_id, m.user_id`,
    ),
  );
  const updated = await touched(updates, (part) =>
    queryRows(
      ctx.db,
      sql`update project_members m set role = t.n
          from jsonb_to_recordset(${JSON.stringify(part.map((c) => ({ p: c.project.id, u: c.userId, r: c.oldRole, n: c.newRole })))}::jsonb)
            as t(p text, u text, r text, n text)
          where m.project_id = t.p and m.user_id = t.u and m.role = t.r and m.source = ${batch.source}
          returning m.project_id, m.user_id`,
    ),
  );
  const applied = [
    ...adds.filter((c) => added.has(pairKey(c.project.id, c.userId))),
    ...updates.filter((c) => updated.has(pairKey(c.project.id, c.userId))),
    ...removes.filter((c) => removed.has(pairKey(c.project.id, c.userId))),
  ];
  // Entries in parts: one append of 25,000 entries built a JSON document big enough to grow the
  // embedded database's memory for good; parts of 2,000 cost the same time.
  for (let i = 0; i < applied.length; i += CHUNK)
    await recordAccessChanges(
      ctx,
      applied.slice(i, i + CHUNK).map((c) => ({
        workspace,
        project: c.project,
        targetUserId: c.userId,
        oldRole: c.oldRole,
        newRole: c.newRole,
        source: batch.source,
        correlationId: batch.correlationId,
        evidence: c.evidence,
      })),
    );
  if (applied.length > 0) await accessChanged(ctx);
  return applied;
}
