import { and, eq, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { newId } from '../../platform/ids.ts';
import { projects } from '../tenancy/index.ts';
import { confidenceOf, KIND_WEIGHTS, type Evidence } from './evidence.ts';
import { matchItem, SHARED_TERMS_MIN, TERM_OVERLAP_MIN, type Candidate } from './match-item.ts';
import {
  activeWorkEvents,
  activeWorkEvidence,
  activeWorkItems,
  type EventType,
  type ItemRow,
  type ItemStatus,
} from './table.ts';
import { workTerms } from './work-terms.ts';

/** What an item keeps of its evidence's words, keys and people, at most. */
const MAX_TERMS = 60;
const MAX_KEYS = 20;
const MAX_PEOPLE = 50;

/** What applying one piece of evidence did. */
export type Applied =
  | { outcome: 'created' | 'joined'; itemId: string; event: EventType }
  | { outcome: 'duplicate' | 'unmatched' };

const union = (a: readonly string[], b: readonly string[], max: number) =>
  [...new Set([...a, ...b])].slice(0, max);

/** The item's status once this evidence joins it, and the event that says so. */
function transition(item: ItemRow, evidence: Evidence): { next: ItemStatus; event: EventType } {
  if (item.status === 'closed') {
    return item.closedByHand ? { next: 'closed', event: 'updated' } : { next: 'active', event: 'reopened' };
  }
  if (item.status === 'stale' && evidence.occurredAt > item.lastEvidenceAt) {
    return { next: 'active', event: 'stale_cleared' };
  }
  return { next: item.status, event: 'updated' };
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Items the evidence could join: those sharing an issue key or its branch, and those whose terms
 * pass matchItem's threshold for words (counted in the database, so a project's thousand items
 * are not all read to find the few that qualify).
 */
async function candidatesFor(ctx: Ctx, projectId: string, evidence: Evidence, terms: string[]) {
  const t = activeWorkItems;
  const byWords = () => {
    const wanted = textArray(terms);
    // `jsonb ? text` tests the stored array in place: no row set per item (as unnesting it made).
    const shared = sql`(select count(*) from unnest(${wanted}) w where ${t.terms} ? w)`;
    const needed = sql`greatest(${SHARED_TERMS_MIN}::int, ${TERM_OVERLAP_MIN}::float8 * least(jsonb_array_length(${t.terms}), ${terms.length}::int))`;
    return sql`(${t.terms} ?| ${wanted} and ${shared} >= ${needed})`;
  };
  return ctx.db
    .select()
    .from(t)
    .where(
      and(
        eq(t.projectId, projectId),
        or(
          evidence.issueKeys.length > 0 ? sql`${t.issueKeys} ?| ${textArray(evidence.issueKeys)}` : undefined,
          evidence.branch ? eq(t.branch, evidence.branch) : undefined,
          terms.length > 0 ? byWords() : undefined,
        ),
      ),
    )
    .limit(2000);
}

/**
 * Applies one piece of evidence to a project's Active Work, in its own transaction with the
 * project's row locked (so processes apply evidence of one project one at a time): a second
 * delivery of the same evidence changes nothing; else it joins the item matchItem chooses (a
 * person's close is kept, a stale item with newer evidence is active again, a confirmed one stays
 * confirmed) or, when none matches and it may, starts a new item. Each change writes its event.
 */
export function applyEvidence(ctx: Ctx, projectId: string, evidence: Evidence): Promise<Applied> {
  return inTransaction(ctx, async (ctx) => {
    const [project] = await ctx.db
      .select({ id: projects.id, workspaceId: projects.workspaceId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!project) return { outcome: 'unmatched' };
    const [seen] = await ctx.db
      .select({ id: activeWorkEvidence.id })
      .from(activeWorkEvidence)
      .where(and(eq(activeWorkEvidence.projectId, projectId), eq(activeWorkEvidence.ref, evidence.ref)));
    if (seen) return { outcome: 'duplicate' };
    const terms = workTerms(evidence.text);
    const rows = await candidatesFor(ctx, projectId, evidence, terms);
    const found = matchItem(evidence, terms, rows as Candidate[]);
    const now = ctx.now();
    const described = {
      evidence: {
        kind: evidence.kind,
        ref: evidence.ref,
        summary: evidence.summary,
        occurred_at: evidence.occurredAt.toISOString(),
        ...(evidence.url ? { url: evidence.url } : {}),
      },
    };
    const event = (
      itemId: string,
      type: EventType,
      prev: ItemStatus | null,
      next: ItemStatus,
      details: object,
    ) =>
      ctx.db.insert(activeWorkEvents).values({
        id: newId('awv'),
        itemId,
        workspaceId: project.workspaceId,
        projectId,
        type,
        prevStatus: prev,
        nextStatus: next,
        actorUserId: null,
        systemActor: 'inference',
        reason: null,
        details: { ...described, ...details },
        correlationId: evidence.correlationId,
        createdAt: now,
      });
    const record = (itemId: string) =>
      ctx.db.insert(activeWorkEvidence).values({
        id: newId('awe'),
        itemId,
        projectId,
        kind: evidence.kind,
        ref: evidence.ref,
        summary: evidence.summary,
        url: evidence.url ?? null,
        userId: evidence.userId,
        occurredAt: evidence.occurredAt,
        createdAt: now,
      });
    if (!found) {
      if (!evidence.mayCreate) return { outcome: 'unmatched' };
      const parts = { [evidence.kind]: KIND_WEIGHTS[evidence.kind] };
      const id = newId('awi');
      await ctx.db.insert(activeWorkItems).values({
        id,
        workspaceId: project.workspaceId,
        projectId,
        title: evidence.summary || evidence.branch || evidence.issueKeys[0] || 'Untitled work',
        status: 'active',
        closedByHand: false,
        confidence: confidenceOf(parts),
        confidenceParts: parts,
        subpath: evidence.subpath,
        branch: evidence.branch,
        issueKeys: evidence.issueKeys.slice(0, MAX_KEYS),
        terms: terms.slice(0, MAX_TERMS),
        people: evidence.userId ? [evidence.userId] : [],
        evidenceCount: 1,
        firstEvidenceAt: evidence.occurredAt,
        lastEvidenceAt: evidence.occurredAt,
        createdAt: now,
        updatedAt: now,
      });
      await record(id);
      await event(id, 'created', null, 'active', {
        rule: 'new',
        confidence: { before: null, after: confidenceOf(parts) },
      });
      return { outcome: 'created', itemId: id, event: 'created' };
    }
    const item = rows.find((r) => r.id === found.item.id) as ItemRow;
    const parts = { ...item.confidenceParts, [evidence.kind]: KIND_WEIGHTS[evidence.kind] };
    const { next, event: type } = transition(item, evidence);
    await ctx.db
      .update(activeWorkItems)
      .set({
        status: next,
        closedByHand: next === 'closed' ? item.closedByHand : false,
        confidence: confidenceOf(parts),
        confidenceParts: parts,
        branch: item.branch ?? evidence.branch,
        issueKeys: union(item.issueKeys, evidence.issueKeys, MAX_KEYS),
        terms: union(item.terms, terms, MAX_TERMS),
        people: evidence.userId ? union(item.people, [evidence.userId], MAX_PEOPLE) : item.people,
        evidenceCount: item.evidenceCount + 1,
        firstEvidenceAt:
          evidence.occurredAt < item.firstEvidenceAt ? evidence.occurredAt : item.firstEvidenceAt,
        lastEvidenceAt: evidence.occurredAt > item.lastEvidenceAt ? evidence.occurredAt : item.lastEvidenceAt,
        updatedAt: now,
      })
      .where(eq(activeWorkItems.id, item.id));
    await record(item.id);
    await event(item.id, type, item.status, next, {
      ...found.match,
      confidence: { before: item.confidence, after: confidenceOf(parts) },
      ...(item.closedByHand && next === 'closed'
        ? { kept_closed: 'closed by hand: inference never reopens it' }
        : {}),
    });
    return { outcome: 'joined', itemId: item.id, event: type };
  });
}
