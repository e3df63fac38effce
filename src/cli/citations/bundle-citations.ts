import type { Bundle, CheckedBundle } from '../../modules/context/index.ts';
import { memoryAnswer } from '../../modules/memories/index.ts';
import { segment, type ApiPort } from '../../modules/mcp/index.ts';
import { CitedCodeCheck, readWorkingTree, type CitedCode, type WorkingTree } from './cited-code-check.ts';

/** Reports one run sends at most; a later run sends the others. */
const MAX_REPORTS = 10;
/** A report waits at most this long for its answer: it must never hold a command up for long. */
export const REPORT_TIMEOUT_MS = 5000;

type Item = Bundle['retrieval']['results'][number];

/** What one run found of an item's cites: those missing, and whether the memory is flagged already. */
interface Finding {
  missing: CitedCode[];
  flagged: boolean;
}

/**
 * One run of a client in the repository (`ctxhub context`, a `context_bundle` call of `ctxhub
 * mcp`) checking the cited code of the bundles it shows, and reporting what it did not find.
 */
export interface CitationRun {
  /**
   * The bundle with `citations_missing` on each item whose cites do not resolve in the working
   * tree; as it is where no item cites code or the folder is in no repository. The working tree
   * is read once per run (one git call), and only when some item cites code.
   */
  check(bundle: Bundle): Promise<CheckedBundle>;
  /**
   * Reports what `check` found missing (POST /v1/memories/:id/citations), once per memory, at
   * most MAX_REPORTS, all at once; a memory flagged needs_review already is left for a person to
   * look at. Never throws: answers the reports that failed.
   */
  report(api: ApiPort, workspaceKey: string): Promise<ReportFailure[]>;
}

/** A report that failed: the memory, the error, and what it says in words. */
export interface ReportFailure {
  id: string;
  error: unknown;
  message: string;
}

/** The memory items of a bundle, in every section. */
const memoryItems = (b: Bundle): Item[] => [
  ...b.snapshot.top_constraints,
  ...b.snapshot.top_decisions,
  ...b.snapshot.recent_activity,
  ...b.retrieval.results,
];

export function citationRun(workingDirectory: () => Promise<string>): CitationRun {
  let tree: Promise<{ at: WorkingTree; check: CitedCodeCheck } | null> | undefined;
  const findings = new Map<string, Finding>();
  const reported = new Set<string>();
  let commit: string | undefined;

  const workingTree = () =>
    (tree ??= workingDirectory()
      .then(readWorkingTree)
      .then((at) => (at ? { at, check: new CitedCodeCheck(at.root) } : null))
      .catch(() => null));

  return {
    async check(bundle) {
      const cited = memoryItems(bundle).filter((item) => item.cites?.length);
      if (cited.length === 0) return bundle;
      const here = await workingTree();
      if (!here) return bundle;
      commit = here.at.commit;
      const missing = await here.check.missing(cited.map((item) => item.cites ?? []));
      const byId = new Map<string, CitedCode[]>();
      cited.forEach((item, i) => {
        const gone = missing[i] ?? [];
        if (gone.length === 0) return;
        byId.set(item.id, gone);
        findings.set(item.id, { missing: gone, flagged: item.flags?.includes('needs_review') ?? false });
      });
      if (byId.size === 0) return bundle;
      const mark = (item: Item) => {
        const gone = byId.get(item.id);
        return gone ? { ...item, citations_missing: gone } : item;
      };
      const { snapshot, retrieval } = bundle;
      return {
        ...bundle,
        snapshot: {
          ...snapshot,
          top_constraints: snapshot.top_constraints.map(mark),
          top_decisions: snapshot.top_decisions.map(mark),
          recent_activity: snapshot.recent_activity.map(mark),
        },
        retrieval: { ...retrieval, results: retrieval.results.map(mark) },
      };
    },

    async report(api, workspaceKey) {
      const due = [...findings.entries()]
        .filter(([id, f]) => !f.flagged && !reported.has(id))
        .slice(0, MAX_REPORTS);
      const outcomes = await Promise.allSettled(
        due.map(([id, f]) => {
          reported.add(id);
          const body = {
            workspace_key: workspaceKey,
            missing: f.missing.map(({ path, symbol }) =>
              symbol === undefined ? { path } : { path, symbol },
            ),
            ...(commit ? { commit } : {}),
          };
          return api.post(`/v1/memories/${segment(id)}/citations`, body, memoryAnswer);
        }),
      );
      return outcomes.flatMap((o, i) => {
        if (o.status === 'fulfilled') return [];
        const id = due[i]?.[0] ?? '?';
        const why = o.reason instanceof Error ? o.reason.message : String(o.reason);
        return [{ id, error: o.reason as unknown, message: `memory ${id}: ${why}` }];
      });
    },
  };
}
