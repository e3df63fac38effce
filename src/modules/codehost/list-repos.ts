import { and, asc, eq, gt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { cursorCodec } from '../../platform/http/pagination.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { codehostRepos, type RepoRow } from './table.ts';

/** Repositories are listed by full name: the cursor is the last one's name and id. */
const repoCursor = cursorCodec(z.object({ name: z.string().max(300), id: z.string().min(1).max(40) }));

/** A page of the workspace's active repository links, by full name. Member. */
export async function listRepos({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; limit: number; cursor?: string | undefined };
}): Promise<{ items: RepoRow[]; next_cursor: string | null }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  requireCodehostApp(ctx);
  const after = repoCursor.decode(input.cursor);
  const rows = await ctx.db
    .select()
    .from(codehostRepos)
    .where(
      and(
        eq(codehostRepos.workspaceId, access.workspace.id),
        eq(codehostRepos.active, true),
        after
          ? or(
              gt(codehostRepos.fullName, after.name),
              and(eq(codehostRepos.fullName, after.name), gt(codehostRepos.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(codehostRepos.fullName), asc(codehostRepos.id))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor:
      rows.length > input.limit && last ? repoCursor.encode({ name: last.fullName, id: last.id }) : null,
  };
}
