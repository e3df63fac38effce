import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { codehostEvidence, queueEvidence, type CodehostWorkFacts } from '../active-work/index.ts';
import { users, type WorkspaceRow } from '../tenancy/index.ts';
import { repoProjectKey } from './repo-project-key.ts';
import { codehostRepos } from './table.ts';

/** The events that are evidence of work (Active Work), beside those that change access. */
export const WORK_EVENTS = ['push', 'pull_request'] as const;

const text = z.string().max(100_000).nullish();
const login = z.object({ login: z.string().max(100) }).nullish();
const commit = z.object({
  id: z.string().max(64),
  message: text,
  timestamp: z.iso.datetime({ offset: true }).nullish(),
  url: z.string().max(2000).nullish(),
});
const pushBody = z.object({
  ref: z.string().max(300),
  after: z.string().max(64),
  deleted: z.boolean().nullish(),
  compare: z.string().max(2000).nullish(),
  head_commit: commit.nullish(),
  commits: z.array(commit).nullish(),
  repository: z.object({ id: z.number(), full_name: z.string().max(300) }),
  sender: login,
});
const pullBody = z.object({
  action: z.string().max(60),
  repository: z.object({ id: z.number(), full_name: z.string().max(300) }),
  sender: login,
  pull_request: z.object({
    number: z.number().int(),
    title: z.string().max(1000),
    body: text,
    html_url: z.string().max(2000).nullish(),
    updated_at: z.iso.datetime({ offset: true }).nullish(),
    merged: z.boolean().nullish(),
    head: z.object({ ref: z.string().max(300), sha: z.string().max(64) }),
  }),
});

/** Pull request actions that show work going on; a merged close joins the work, never starts it. */
const WORKING = new Set(['opened', 'reopened', 'synchronize', 'ready_for_review']);
const NO_COMMIT = /^0+$/;
/** A page address people may follow: http(s) only, whatever else a body holds. */
const pageUrl = (value: string | null | undefined) =>
  value && /^https?:\/\/[^\s]+$/i.test(value) ? value : null;

type Facts = Omit<CodehostWorkFacts, 'userId'> & { repoId: number; login: string | null };

/** A push of new commits to a branch as facts of work, or null (a deletion, a tag, no commits). */
function pushFacts(body: unknown, deliveryId: string, now: Date): Facts | null {
  const push = pushBody.safeParse(body);
  if (!push.success) return null;
  const p = push.data;
  if (p.deleted || NO_COMMIT.test(p.after) || !p.ref.startsWith('refs/heads/')) return null;
  const branch = p.ref.slice('refs/heads/'.length);
  const commits = p.commits ?? [];
  const head = p.head_commit ?? commits.at(-1);
  if (!head) return null;
  const messages = [head, ...commits.filter((c) => c.id !== head.id)]
    .slice(0, 20)
    .map((c) => c.message ?? '');
  return {
    repoId: p.repository.id,
    login: p.sender?.login ?? null,
    ref: `codehost:${p.repository.full_name}@${p.after}`,
    summary: head.message || `Push to ${branch}`,
    text: messages.join('\n'),
    branch,
    occurredAt: head.timestamp ? new Date(head.timestamp) : now,
    url: pageUrl(p.compare) ?? pageUrl(head.url),
    startsWork: true,
    correlationId: deliveryId,
  };
}

/** A pull request opened, updated or merged as facts of work, or null (other actions). */
function pullFacts(body: unknown, deliveryId: string, now: Date): Facts | null {
  const pull = pullBody.safeParse(body);
  if (!pull.success) return null;
  const { action, pull_request: pr, repository } = pull.data;
  const merged = action === 'closed' && pr.merged === true;
  if (!WORKING.has(action) && !merged) return null;
  return {
    repoId: repository.id,
    login: pull.data.sender?.login ?? null,
    ref: `codehost:${repository.full_name}#${pr.number}${merged ? ':merged' : `@${pr.head.sha}`}`,
    summary: `${merged ? 'Merged' : 'Pull request'} #${pr.number}: ${pr.title}`,
    text: `${pr.title}\n${pr.body ?? ''}`,
    branch: pr.head.ref,
    occurredAt: pr.updated_at ? new Date(pr.updated_at) : now,
    url: pageUrl(pr.html_url),
    startsWork: !merged,
    correlationId: deliveryId,
  };
}

/**
 * A push or pull request of a linked repository, queued as Active Work evidence of its project
 * (when the project exists); the person is the ctxhub user whose stored code host login sent it.
 * Anything else (an unlinked repository, a tag, a closed but unmerged pull request) is dropped.
 */
export async function queueWorkEvidence(
  ctx: Ctx,
  workspace: WorkspaceRow,
  event: (typeof WORK_EVENTS)[number],
  body: unknown,
  deliveryId: string,
): Promise<void> {
  const facts = (event === 'push' ? pushFacts : pullFacts)(body, deliveryId, ctx.now());
  if (!facts) return;
  const [repo] = await ctx.db
    .select({ htmlUrl: codehostRepos.htmlUrl })
    .from(codehostRepos)
    .where(
      and(
        eq(codehostRepos.workspaceId, workspace.id),
        eq(codehostRepos.repoId, facts.repoId),
        eq(codehostRepos.active, true),
      ),
    );
  const projectKey = repo && repoProjectKey(repo.htmlUrl);
  if (!projectKey) return;
  const [user] = facts.login
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.codehostLogin, facts.login))
    : [];
  const { repoId: _repo, login: _login, ...rest } = facts;
  await inTransaction(ctx, (tx) =>
    queueEvidence(tx, { workspaceId: workspace.id, projectKey }, [
      codehostEvidence({ ...rest, userId: user?.id ?? null }),
    ]),
  );
}
