import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { contentHash } from '../memories/index.ts';
import type { MemoryType } from '../memories/index.ts';
import { appendAudit } from '../audit/index.ts';
import { requireImport } from './import-access.ts';
import { stagedMemories, type StagedMemoryRow } from './table.ts';
import { missing } from '../../platform/missing.ts';
import type { Db } from '../../platform/db/database.ts';

/** A page of an import's staged memories after an id ('' for the first), built once. */
const stagedPage = (db: Db) =>
  db
    .select()
    .from(stagedMemories)
    .where(
      and(
        eq(stagedMemories.importId, sql.placeholder('id')),
        gt(stagedMemories.id, sql.placeholder('after')),
      ),
    )
    .orderBy(asc(stagedMemories.id))
    .limit(sql.placeholder('limit'))
    .prepare('ctxhub_staged_page');

/** The staged memories of an import, in the order they were found. */
export async function listStaged({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; limit: number; cursor?: string | undefined };
}): Promise<Page<StagedMemoryRow>> {
  await requireImport(ctx, input.id);
  const rows = await prepared(ctx.db, 'staged_page', stagedPage).execute({
    id: input.id,
    after: keyCursor.decode(input.cursor)?.id ?? '',
    limit: input.limit + 1,
  });
  return page(rows, input.limit, (r) => r.id);
}

/**
 * Edits or (de)selects a staged memory before commit; a committed one is final (409). Edited text
 * is redacted like every stored text.
 */
export async function updateStaged({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    id: string;
    staged_id: string;
    selected?: boolean | undefined;
    type?: MemoryType | undefined;
    content?: string | undefined;
  };
}): Promise<StagedMemoryRow> {
  const found = await requireImport(ctx, input.id);
  return inTransaction(ctx, async (ctx) => {
    const [staged] = await ctx.db
      .select()
      .from(stagedMemories)
      .where(and(eq(stagedMemories.importId, input.id), eq(stagedMemories.id, input.staged_id)))
      .for('update');
    if (!staged) throw notFound(`Staged memory ${input.staged_id}`);
    if (staged.memoryId)
      throw conflict(`Staged memory ${staged.id} is already committed as ${staged.memoryId}`);
    const redacted = input.content === undefined ? null : redactSecrets(input.content);
    const content = redacted?.text ?? staged.content;
    const type = input.type ?? staged.type;
    const hash = contentHash(content);
    const [twin] = await ctx.db
      .select({ id: stagedMemories.id })
      .from(stagedMemories)
      .where(
        and(
          eq(stagedMemories.importId, input.id),
          eq(stagedMemories.type, type),
          eq(stagedMemories.contentHash, hash),
          ne(stagedMemories.id, staged.id),
        ),
      )
      .limit(1);
    if (twin) throw conflict(`Staged memory ${twin.id} of this import already has this type and content`);
    const [row = missing('the updated staged memory')] = await ctx.db
      .update(stagedMemories)
      .set({
        selected: input.selected ?? staged.selected,
        type,
        content,
        contentHash: hash,
        redactions: staged.redactions + (redacted?.redactions ?? 0),
        updatedAt: ctx.now(),
      })
      .where(eq(stagedMemories.id, staged.id))
      .returning();
    await appendAudit(ctx, {
      workspaceId: found.row.workspaceId,
      action: 'import.staged_updated',
      target: { type: 'staged_memory', id: staged.id },
      params: {
        workspace_key: found.keys.workspaceKey,
        project_key: found.keys.projectKey,
        import_id: input.id,
        staged_id: staged.id,
        changed: (['selected', 'type', 'content'] as const).filter((k) => input[k] !== undefined),
      },
      correlationId: input.id,
    });
    return row;
  });
}
