import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { users } from '../tenancy/index.ts';
import { OPEN } from './list-items.ts';
import { activeWorkEvidence, activeWorkItems, type ItemStatus } from './table.ts';

/** An open item as a project's context shows it: what, how sure, whose, and its newest evidence. */
export interface CurrentWork {
  id: string;
  title: string;
  status: Exclude<ItemStatus, 'closed'>;
  subpath: string | null;
  branch: string | null;
  issueKeys: string[];
  lastEvidenceAt: Date;
  /** Who started it: the first person the evidence came from (an e-mail), if any. */
  owner: string | null;
  /** The newest evidence's reference (`memory:<id>`, `git_event:<id>` ...). */
  evidenceRef: string | null;
}

/**
 * A project's open Active Work for its context (the caller has checked access): active and
 * confirmed items first, then stale ones, each tier newest evidence first; closed items never.
 * At most `limit`, in one statement (each item's newest evidence and owner's e-mail read beside it):
 * every context bundle asks for it.
 */
export async function currentWork(ctx: Ctx, projectId: string, limit: number): Promise<CurrentWork[]> {
  const t = activeWorkItems;
  const e = activeWorkEvidence;
  // The item's own columns, named with their table inside the subqueries (drizzle leaves the
  // table out of a one-table select, and `id` would then be the subquery's).
  const item = (column: string) => sql`${sql.identifier('active_work_items')}.${sql.identifier(column)}`;
  const firstPerson = sql<string | null>`${item('people')} ->> 0`;
  const rows = await ctx.db
    .select({
      id: t.id,
      title: t.title,
      status: t.status,
      subpath: t.subpath,
      branch: t.branch,
      issueKeys: t.issueKeys,
      lastEvidenceAt: t.lastEvidenceAt,
      firstPerson,
      ownerEmail: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.id} = ${firstPerson})`,
      evidenceRef: sql<string | null>`(select ${e.ref} from ${e} where ${e.itemId} = ${item('id')}
        order by ${e.occurredAt} desc, ${e.id} desc limit 1)`,
    })
    .from(t)
    .where(and(eq(t.projectId, projectId), inArray(t.status, OPEN)))
    .orderBy(sql`(${t.status} = 'stale')`, desc(t.lastEvidenceAt), desc(t.id))
    .limit(limit);
  return rows.map(({ firstPerson: person, ownerEmail, ...r }) => ({
    ...r,
    status: r.status as CurrentWork['status'],
    owner: ownerEmail ?? person,
  }));
}
