import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { emailsOf } from './emails-of.ts';
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
 * At most `limit`, with two more round trips for their newest evidence and owners.
 */
export async function currentWork(ctx: Ctx, projectId: string, limit: number): Promise<CurrentWork[]> {
  const t = activeWorkItems;
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.projectId, projectId), inArray(t.status, OPEN)))
    .orderBy(sql`(${t.status} = 'stale')`, desc(t.lastEvidenceAt), desc(t.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const e = activeWorkEvidence;
  const [newest, emails] = await Promise.all([
    ctx.db
      .selectDistinctOn([e.itemId], { itemId: e.itemId, ref: e.ref })
      .from(e)
      .where(
        inArray(
          e.itemId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(e.itemId, desc(e.occurredAt), desc(e.id)),
    emailsOf(
      ctx,
      rows.map((r) => r.people[0] ?? null),
    ),
  ]);
  const refs = new Map(newest.map((n) => [n.itemId, n.ref]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status as CurrentWork['status'],
    subpath: r.subpath,
    branch: r.branch,
    issueKeys: r.issueKeys,
    lastEvidenceAt: r.lastEvidenceAt,
    owner: r.people[0] ? (emails.get(r.people[0]) ?? r.people[0]) : null,
    evidenceRef: refs.get(r.id) ?? null,
  }));
}
