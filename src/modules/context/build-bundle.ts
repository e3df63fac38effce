import type { Ctx } from '../../platform/context.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { currentWork } from '../active-work/index.ts';
import { citedCodeOf, recallMemories, restartReviewClocks, SUBPATH_BOOST } from '../memories/index.ts';
import { loadSnapshotCandidates } from './bundle-candidates.ts';
import {
  buildSnapshot,
  mayShow,
  presentItem,
  type BundleCandidate,
  type SnapshotSection,
} from './bundle-sections.ts';
import { fitSections, loadTokenizer, tokenCount } from './fit-budget.ts';
import { DEFAULT_BUDGET, MAX_BUDGET, MIN_BUDGET } from './bundle-budget.ts';
import { oneLine } from './one-line.ts';
import type { Bundle, BundleItem, SectionUse, WorkItem } from './schemas.ts';
import { isWork, presentWork, rankWork, WORK_READ } from './work-section.ts';
import { requireProjectRole } from '../access/index.ts';

/** Memories recalled for `q` before the budget picks how many fit. */
const RETRIEVAL_LIMIT = 10;

export interface BundleInput {
  workspace_key: string;
  project_key: string;
  q?: string | undefined;
  current_subpath?: string | undefined;
  mode: 'default' | 'debug';
  budget?: number | undefined;
}

/** The budget asked for, re-checked (callers other than the route may pass anything). */
function checkedBudget(budget: number | undefined): number {
  if (budget === undefined) return DEFAULT_BUDGET;
  if (!Number.isInteger(budget) || budget < MIN_BUDGET || budget > MAX_BUDGET) {
    throw invalidField('query.budget', `must be a whole number from ${MIN_BUDGET} to ${MAX_BUDGET}`);
  }
  return budget;
}

/** `text` halved (at word boundaries) until `fits` accepts it, down to nothing. */
function shortenUntil(text: string, fits: (shortened: string) => boolean): string {
  let shortened = text;
  for (let chars = text.length; !fits(shortened) && chars > 0; chars = Math.floor(chars / 2)) {
    shortened = chars > 1 ? oneLine(text, chars) : '';
  }
  return shortened;
}

/** How the budget left after the fixed part is shared: the order is the fill priority. */
type Section = SnapshotSection | 'active_work' | 'retrieval';
const SHARES: Array<[section: Section, share: number]> = [
  ['retrieval', 30],
  ['top_constraints', 22],
  ['top_decisions', 22],
  ['active_work', 14],
  ['recent_activity', 12],
];

/**
 * The context bundle (docs/api.md#context-bundle) for prompt injection: a project's summary, its top
 * constraints and decisions and recent activity (confirmed before drafts, rejected and superseded
 * never, stale ones lower, text that reads as instructions only once confirmed; boosted towards
 * `current_subpath`), its open Active Work items (stale ones last), and what recall finds for `q`.
 * The memories shown count as used: their review clocks restart (restartReviewClocks). The whole bundle, as
 * JSON, fits in `budget` tokens (gpt-tokenizer): sections are filled by priority and trimmed item
 * by item. Project readers only.
 */
export async function buildBundle({ ctx, input }: { ctx: Ctx; input: BundleInput }): Promise<Bundle> {
  const access = await requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
  const budget = checkedBudget(input.budget);
  const nowMs = ctx.now().getTime();
  const rank = { nowMs, currentSubpath: input.current_subpath };
  const [candidates, work, , recalled] = await Promise.all([
    loadSnapshotCandidates(ctx, access.project.id),
    currentWork(ctx, access.project.id, WORK_READ),
    loadTokenizer(),
    input.q
      ? recallMemories({
          ctx,
          input: {
            q: input.q,
            filters: { projectId: access.project.id },
            current_subpath: input.current_subpath,
            explain: false,
            limit: RETRIEVAL_LIMIT,
          },
        })
      : null,
  ]);
  const results: BundleCandidate[] = (recalled?.items ?? []).map(({ row }) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    flags: row.flags,
    content: row.content,
    evidenceRef: row.evidenceRef,
    subpath: typeof row.metadata.subpath === 'string' ? row.metadata.subpath : null,
    cites: citedCodeOf(row.metadata.cites),
    occurredAt: row.occurredAt,
    truncated: false,
  }));
  const shownResults = results.filter(mayShow);
  // A memory recalled for q is shown there, not again in its snapshot section.
  const snapshot = buildSnapshot(candidates, rank, new Set(shownResults.map((r) => r.id)));
  const items = {
    ...snapshot.sections,
    active_work: rankWork(work, input.current_subpath),
    retrieval: shownResults,
  };

  const assemble = (
    summary: string,
    query: string,
    chosen: Record<string, Array<BundleItem | WorkItem>>,
    debug?: Bundle['debug'],
  ): Bundle => ({
    project: { key: access.project.key, name: access.project.name },
    snapshot: {
      summary,
      top_decisions: (chosen.top_decisions ?? []) as BundleItem[],
      top_constraints: (chosen.top_constraints ?? []) as BundleItem[],
      active_work: (chosen.active_work ?? []) as WorkItem[],
      recent_activity: (chosen.recent_activity ?? []) as BundleItem[],
    },
    retrieval: { query, results: (chosen.retrieval ?? []) as BundleItem[] },
    ...(debug ? { debug } : {}),
  });
  const debugOf = (used: number, fixed: number, sections: Record<string, SectionUse>): Bundle['debug'] => ({
    resolved_workspace: access.workspaceAccess.workspace.key,
    resolved_project: access.project.key,
    monorepo_mode: access.workspaceAccess.workspace.enableMonorepoResolution ? 'on' : 'off',
    current_subpath: input.current_subpath ?? '',
    boosts_applied: {
      confirmed_before_draft: true,
      subpath: input.current_subpath
        ? { same: SUBPATH_BOOST.same, related: SUBPATH_BOOST.related, memories_boosted: snapshot.boosted }
        : null,
      recency_decay: true,
    },
    token_budget: { budget, used, fixed, sections },
  });

  // The fixed part: everything but the section items (with the widest debug numbers it can hold).
  const widest = Object.fromEntries(
    SHARES.map(([name]) => [name, { allocated: budget, used: budget, items: 999, dropped: 999 }]),
  );
  const fixedOf = (summary: string, query: string) =>
    tokenCount(
      JSON.stringify(
        assemble(summary, query, {}, input.mode === 'debug' ? debugOf(budget, budget, widest) : undefined),
      ),
    );
  // What a small budget cannot hold of the fixed part: the summary, then the query as shown, are
  // shortened (at word boundaries); if the rest still does not fit, the budget is too small.
  // A project name may span lines: the summary is one line all the same.
  const fullSummary = snapshot.summary ?? oneLine(`${access.project.name}: no summary recorded yet.`);
  const summary = shortenUntil(fullSummary, (s) => fixedOf(s, input.q ?? '') <= budget);
  const query = shortenUntil(input.q ?? '', (q) => fixedOf(summary, q) <= budget);
  const fixed = fixedOf(summary, query);
  if (fixed > budget) {
    throw invalidField(
      'query.budget',
      `is too small for this project's bundle: it needs at least ${fixed} tokens`,
    );
  }
  const fitted = fitSections<BundleCandidate | (typeof work)[number], BundleItem | WorkItem>(
    SHARES.map(([name, share]) => ({ name, share, items: items[name] })),
    budget - fixed,
    (c, section) => (isWork(c) ? presentWork(c) : presentItem(c, section)),
  );
  // Token counts of parts need not add up exactly: drop from the lowest priority until it fits.
  // Measured with the widest `used` it can show, so writing the real figure never makes it longer.
  const measure = () => {
    const debug = input.mode === 'debug' ? debugOf(budget, fixed, fitted.use) : undefined;
    const bundle = assemble(summary, query, fitted.sections, debug);
    const used = tokenCount(JSON.stringify(bundle));
    if (debug) debug.token_budget.used = used;
    return { bundle, used };
  };
  let measured = measure();
  while (measured.used > budget) {
    if (!fitted.dropLast()) break;
    measured = measure();
  }
  const { snapshot: shown, retrieval } = measured.bundle;
  await restartReviewClocks(
    ctx,
    access,
    [...shown.top_constraints, ...shown.top_decisions, ...shown.recent_activity, ...retrieval.results].map(
      (item) => ({ id: item.id, flags: item.flags ?? [] }),
    ),
  );
  return measured.bundle;
}
