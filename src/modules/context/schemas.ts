import { z } from 'zod';
import { searchText, workspaceKey } from '../../platform/http/fields.ts';
import { subpath, MEMORY_FLAGS, MEMORY_STATUSES, MEMORY_TYPES } from '../memories/index.ts';
import { DEFAULT_BUDGET, MAX_BUDGET, MIN_BUDGET } from './bundle-budget.ts';
import { projectKey } from '../tenancy/index.ts';

export const bundleQuery = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  q: searchText.optional().describe('What the assistant is working on: recalled into retrieval'),
  current_subpath: subpath.optional().describe('Boosts memories of this monorepo sub-project'),
  mode: z.enum(['default', 'debug']).default('default').describe('debug adds the debug object'),
  budget: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(MIN_BUDGET).max(MAX_BUDGET))
    .optional()
    .describe(
      `Tokens the whole bundle (as JSON) fits in: ${MIN_BUDGET} to ${MAX_BUDGET}, default ${DEFAULT_BUDGET}`,
    ),
  format: z
    .enum(['json', 'markdown'])
    .default('json')
    .describe('markdown: the same bundle as compact Markdown'),
});

/** A file or folder of the repository, and a name to find in it. */
const citedCode = z.object({ path: z.string(), symbol: z.string().optional() });

/** One line of a bundle section: never a raw message body; raw references only as `evidence_ref`. */
const item = z.object({
  id: z.string(),
  type: z.enum(MEMORY_TYPES).optional(),
  text: z.string(),
  status: z.enum(MEMORY_STATUSES),
  // The day it happened (YYYY-MM-DD; the memory's occurred_at): a full timestamp costs tokens and says little more.
  occurred_at: z.string(),
  subpath: z.string().optional(),
  evidence_ref: z.string().optional(),
  flags: z
    .array(z.enum(MEMORY_FLAGS))
    .optional()
    .describe('stale, needs_review or (confirmed by a maintainer) instruction_like: read with care'),
  cites: z
    .array(citedCode)
    .optional()
    .describe(
      'The code it cites (its metadata.cites, without commits): a client in the repository checks each still exists',
    ),
});
export type BundleItem = z.output<typeof item>;
/** An item as a client in the repository shows it, once it checked the item's cites. */
const checkedItem = item.extend({
  citations_missing: z
    .array(citedCode)
    .optional()
    .describe(
      'Added by a client in the repository (ctxhub context, ctxhub mcp on stdio): the cites it did not find there',
    ),
});
export type CheckedItem = z.output<typeof checkedItem>;
/** One line of Active Work: an item the team's evidence shows going on (never a closed one). */
const workItem = z.object({
  id: z.string().describe('The Active Work item (awi_...)'),
  text: z.string().describe('Its title'),
  status: z.enum(['active', 'confirmed', 'stale']).describe('stale: no evidence for a while'),
  // The day of its newest evidence (YYYY-MM-DD).
  occurred_at: z.string(),
  subpath: z.string().optional(),
  branch: z.string().optional(),
  issue_keys: z.array(z.string()).optional(),
  owner: z.string().optional().describe('Who started it (e-mail)'),
  evidence_ref: z.string().optional().describe('Its newest evidence: memory:<id>, git_event:<id> ...'),
});
export type WorkItem = z.output<typeof workItem>;
/** What one section got of the budget, and what it used. */
const sectionUse = z.object({
  allocated: z.number(),
  used: z.number(),
  items: z.number(),
  dropped: z.number(),
});
export type SectionUse = z.output<typeof sectionUse>;

/** What `mode=debug` adds: how the bundle was resolved and cut. */
const debugAnswer = z
  .object({
    resolved_workspace: z.string(),
    resolved_project: z.string(),
    monorepo_mode: z.enum(['on', 'off']),
    current_subpath: z.string(),
    boosts_applied: z.record(z.string(), z.unknown()),
    token_budget: z.object({
      budget: z.number(),
      used: z.number(),
      fixed: z.number(),
      sections: z.record(z.string(), sectionUse),
    }),
  })
  .optional();

/** The bundle with `memory` as its memory items. */
const bundleOf = <T extends typeof item>(memory: T) =>
  z.object({
    project: z.object({ key: z.string(), name: z.string() }),
    snapshot: z.object({
      summary: z.string(),
      top_decisions: z.array(memory),
      top_constraints: z.array(memory),
      active_work: z.array(workItem),
      recent_activity: z.array(memory),
    }),
    retrieval: z.object({ query: z.string(), results: z.array(memory) }),
    debug: debugAnswer,
  });

export const bundleAnswer = bundleOf(item);
export type Bundle = z.output<typeof bundleAnswer>;
/** The bundle as a client in the repository shows it: items it checked carry `citations_missing`. */
export const checkedBundle = bundleOf(checkedItem);
export type CheckedBundle = z.output<typeof checkedBundle>;
