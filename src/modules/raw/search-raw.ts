import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { NEWEST_MATCHES } from '../../platform/db/tsvector.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { appendAudit } from '../audit/index.ts';
import { requireRawAccess } from './raw-access.ts';
import { hitPrefixes, snippetAround } from './snippet.ts';
import { rawMessages, snippetColumns, type RawMessageRow } from './table.ts';

export interface RawSnippet {
  message: Pick<RawMessageRow, 'id' | 'sessionId' | 'role' | 'createdAt'>;
  snippet: string;
}

/**
 * Searches raw transcript messages (never memories) and answers snippets only. Audited
 * `raw.search` with the query and the number of results.
 */
export async function searchRaw({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; project_key: string; q: string; limit: number; max_chars: number };
}): Promise<RawSnippet[]> {
  const access = await requireRawAccess(ctx, input.workspace_key, input.project_key);
  const query = sql`websearch_to_tsquery('english', ${input.q})`;
  const ranked = await queryRows<{ id: string }>(
    ctx.db,
    sql`
      select c.id from (
        select id, created_at, search from ${rawMessages}
        where project_id = ${access.project.id} and search @@ ${query}
        order by created_at desc, id desc
        limit ${NEWEST_MATCHES}
      ) c
      order by ts_rank_cd(c.search, ${query}, 32) desc, c.created_at desc, c.id desc
      limit ${input.limit}`,
  );
  const ids = ranked.map((r) => r.id);
  const rows = ids.length
    ? await ctx.db
        .select(snippetColumns)
        .from(rawMessages)
        .where(and(eq(rawMessages.projectId, access.project.id), inArray(rawMessages.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const prefixes = hitPrefixes(input.q);
  const items = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ message: r, snippet: snippetAround(r.text, prefixes, input.max_chars) }] : [];
  });
  await inTransaction(ctx, (ctx) =>
    appendAudit(ctx, {
      workspaceId: access.workspaceAccess.workspace.id,
      action: 'raw.search',
      target: { type: 'project', id: access.project.id },
      params: {
        workspace_key: access.workspaceAccess.workspace.key,
        project_key: access.project.key,
        q: redactSecrets(input.q).text, // a pasted token must not live on in the audit log
        count: items.length,
      },
    }),
  );
  return items;
}
