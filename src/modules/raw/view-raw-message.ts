import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound, notFoundAs } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/index.ts';
import { requireRawAccess } from './raw-access.ts';
import type { RawSnippet } from './search-raw.ts';
import { hitPrefixes, snippetAround } from './snippet.ts';
import { rawMessages, snippetColumns } from './table.ts';
import { projects, workspaces } from '../tenancy/index.ts';

/** One raw message as a snippet (its start, or around the first hit of `q`); audited `raw.view`. */
export async function viewRawMessage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; workspace_key: string; max_chars: number; q?: string | undefined };
}): Promise<RawSnippet> {
  const [row] = await ctx.db
    .select({
      ...snippetColumns,
      projectKey: projects.key,
    })
    .from(rawMessages)
    .innerJoin(projects, eq(projects.id, rawMessages.projectId))
    .innerJoin(workspaces, eq(workspaces.id, rawMessages.workspaceId))
    .where(and(eq(rawMessages.id, input.id), eq(workspaces.key, input.workspace_key)))
    .limit(1);
  if (!row) throw notFound(`Raw message ${input.id}`);
  const access = await requireRawAccess(ctx, input.workspace_key, row.projectKey).catch(
    notFoundAs(`Raw message ${input.id}`),
  );
  const snippet = snippetAround(row.text, input.q ? hitPrefixes(input.q) : [], input.max_chars);
  await inTransaction(ctx, (ctx) =>
    appendAudit(ctx, {
      workspaceId: access.workspaceAccess.workspace.id,
      action: 'raw.view',
      target: { type: 'raw_message', id: row.id },
      params: {
        workspace_key: access.workspaceAccess.workspace.key,
        project_key: access.project.key,
        message_id: row.id,
        session_id: row.sessionId,
      },
    }),
  );
  return { message: row, snippet };
}
