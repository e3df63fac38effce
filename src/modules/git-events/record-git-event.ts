import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { firstLine } from '../../platform/clip-text.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/fields.ts';
import { newId } from '../../platform/ids.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { requireProjectRole } from '../access/index.ts';
import { gitEvidence, queueEvidence } from '../active-work/index.ts';
import { appendAudit } from '../audit/index.ts';
import { FUTURE_SKEW_MS, type gitEventAnswer, type gitEventBody } from './schemas.ts';
import { gitEvents, type GitEventRow } from './table.ts';
import { auditsGitEvent } from './write-on.ts';

type Answer = z.output<typeof gitEventAnswer>;

function answer(row: GitEventRow, keys: { workspace: string; project: string }, duplicate: boolean): Answer {
  return {
    id: row.id,
    kind: row.kind,
    sha: row.sha,
    branch: row.branch,
    workspace_key: keys.workspace,
    project_key: keys.project,
    issue_keys: row.issueKeys,
    occurred_at: iso(row.occurredAt),
    created_at: iso(row.createdAt),
    audit_action: row.auditId ? (`git.${row.kind}` as const) : null,
    duplicate,
  };
}

/**
 * Records a commit or merge a repository's git hook reported (the project's writers): kept once
 * per project, kind and hash (a repeat answers the first record, `duplicate: true`, and changes
 * nothing); queued as Active Work evidence; audited as `git.commit` / `git.merge` when the
 * workspace's tracker or wiki asks for it (auditsGitEvent). Secrets in the message are masked
 * before anything is stored.
 */
export async function recordGitEvent({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.output<typeof gitEventBody>;
}): Promise<{ created: boolean; answer: Answer }> {
  const now = ctx.now();
  if (input.occurred_at && input.occurred_at.getTime() > now.getTime() + FUTURE_SKEW_MS) {
    throw invalidField(
      'occurred_at',
      "must not be more than 5 minutes ahead of the server's clock (send the commit's time)",
    );
  }
  return inTransaction(ctx, async (tx) => {
    const { workspaceAccess, project } = await requireProjectRole(
      tx,
      input.workspace_key,
      input.project_key,
      'writer',
    );
    const { workspace } = workspaceAccess;
    const keys = { workspace: workspace.key, project: project.key };
    const message = input.message === undefined ? null : redactSecrets(input.message).text;
    const [row] = await tx.db
      .insert(gitEvents)
      .values({
        id: newId('gev'),
        workspaceId: workspace.id,
        projectId: project.id,
        kind: input.kind,
        sha: input.sha,
        branch: input.branch,
        message,
        issueKeys: [...new Set((input.issue_keys ?? []).map((k) => k.toUpperCase()))],
        userId: workspaceAccess.actor.userId,
        occurredAt: input.occurred_at ?? now,
        auditId: null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [gitEvents.projectId, gitEvents.kind, gitEvents.sha] })
      .returning();
    if (!row) {
      const [first] = await tx.db
        .select()
        .from(gitEvents)
        .where(
          and(
            eq(gitEvents.projectId, project.id),
            eq(gitEvents.kind, input.kind),
            eq(gitEvents.sha, input.sha),
          ),
        );
      if (!first) throw new Error('internal error: a git event both exists and does not');
      return { created: false, answer: answer(first, keys, true) };
    }
    let recorded = row;
    if (await auditsGitEvent(tx, workspace.id, row.kind)) {
      const subject = firstLine(message ?? '');
      const entry = await appendAudit(tx, {
        workspaceId: workspace.id,
        action: row.kind === 'commit' ? 'git.commit' : 'git.merge',
        target: { type: 'git_event', id: row.id },
        params: {
          workspace_key: workspace.key,
          project_key: project.key,
          git_event_id: row.id,
          sha: row.sha,
          branch: row.branch,
          ...(subject ? { subject } : {}),
          issue_keys: row.issueKeys,
        },
      });
      [recorded = row] = await tx.db
        .update(gitEvents)
        .set({ auditId: entry.id })
        .where(eq(gitEvents.id, row.id))
        .returning();
    }
    await queueEvidence(tx, { workspaceId: workspace.id, projectKey: project.key }, [gitEvidence(row)]);
    return { created: true, answer: answer(recorded, keys, false) };
  });
}
