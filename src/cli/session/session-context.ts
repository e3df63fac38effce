import { isApiFailure, segment, type ApiPort } from '../../modules/mcp/index.ts';
import type { z } from 'zod';
import { projectAnswer } from '../../modules/projects/index.ts';
import { resolutionAnswer } from '../../modules/resolution/index.ts';
import { workspaceAnswer } from '../../modules/workspaces/index.ts';
import type { GitContext } from './git-context.ts';
import type { CallContext, ContextState, Given, McpContext } from '../../modules/mcp/index.ts';
import { onlyWorkspace } from './only-workspace.ts';
import { decideSwitch, type SwitchScope } from './switch-policy.ts';
import { missing } from '../../platform/missing.ts';

/** How long what the adapter learned (git and resolution) is reused: a burst of calls resolves once. */
export const CONTEXT_TTL_MS = 10_000;

export interface SessionOptions {
  api: ApiPort;
  /** SERVICE_WORKSPACE_KEY; without it, the caller's only workspace (see only-workspace.ts). */
  workspaceKey?: string | undefined;
  /** SERVICE_PROJECT_KEY: sent as the `manual` clue, so the workspace's resolution_order applies. */
  projectKey?: string | undefined;
  readGit: () => Promise<GitContext | null>;
  now?: () => number;
  ttlMs?: number;
}

/** The answer of POST /v1/resolve-project. */
type Resolution = z.output<typeof resolutionAnswer>;

type Report = Pick<CallContext, 'switched' | 'notice'>;

/** No project could be determined for the working directory (and none was set). */
/** No project for this folder: `reason` says why; the message adds what an MCP client can do. */
export class NoProjectError extends Error {
  constructor(
    readonly reason: string,
    advice: string,
  ) {
    super(`${reason}. ${advice}`);
  }
}

const SWITCH_REASON: Record<SwitchScope, string> = {
  repository: 'the working directory is in another repository (auto_switch_repo is on)',
  subproject: 'the working directory is in another sub-project (auto_switch_subproject is on)',
};

/**
 * The stdio adapter's session: the current workspace and project, the pin, and `ensureContext`,
 * which resolves the working directory's project (git remote, root folder, sub-path, plus
 * SERVICE_PROJECT_KEY) and switches as the pin and the workspace's auto-switch settings allow.
 * What it learns is reused for CONTEXT_TTL_MS; concurrent calls share one resolution. Started
 * without a workspace, it uses the caller's only workspace and says so in its state.
 */
export class SessionContext implements McpContext {
  private workspaceKey: string | null;
  private active: { key: string; name: string | null } | null = null;
  private subpath: string | null = null;
  private pinned = false;
  /**
   * The active project is the working directory's (or another sub-project of its repository):
   * the last resolution selected or switched to it, or kept it within the same repository.
   */
  private ofWorkingTree = false;
  private generation = 0;
  private cache: { at: number; outcome: Promise<Report>; reported: boolean } | null = null;
  private lastNotice: string | undefined;
  /** Set while the workspace is the caller's only one (not configured, not chosen). */
  private workspaceNote: string | undefined;
  private readonly onlyWorkspace: () => Promise<string>;
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(private readonly options: SessionOptions) {
    this.workspaceKey = options.workspaceKey ?? null;
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? CONTEXT_TTL_MS;
    this.onlyWorkspace = onlyWorkspace(options.api);
  }

  async workspace(given: Given): Promise<string> {
    const key = given.workspace_key ?? this.workspaceKey;
    if (key) return key;
    const only = await this.onlyWorkspace();
    if (this.workspaceKey) return this.workspaceKey; // chosen meanwhile (set_workspace)
    this.workspaceKey = only;
    this.workspaceNote = `Workspace ${only}: the only workspace you belong to (SERVICE_WORKSPACE_KEY is not set).`;
    return only;
  }

  async project(given: Given): Promise<CallContext> {
    const workspace_key = await this.workspace(given);
    if (given.project_key) return { workspace_key, project_key: given.project_key, subpath: null };
    if (workspace_key !== this.workspaceKey) {
      throw new Error(
        `Give project_key too when workspace_key names another workspace than the current one (${this.workspaceKey ?? 'none'}), or call set_workspace.`,
      );
    }
    const report = this.pinned ? {} : await this.ensure();
    if (!this.active) throw new NoProjectError('No project', 'Call set_project.');
    return { workspace_key, project_key: this.active.key, subpath: this.subpath, ...report };
  }

  /**
   * Whether `at` is the working directory's project (resolved there, not pinned, named or kept
   * from another repository): where code its memories cite can be looked for.
   */
  isWorkingTreeProject(at: { workspace_key: string; project_key: string }): boolean {
    return (
      !this.pinned &&
      this.ofWorkingTree &&
      this.active?.key === at.project_key &&
      this.workspaceKey === at.workspace_key
    );
  }

  async setWorkspace(workspaceKey: string): Promise<ContextState> {
    await this.options.api.get(`/v1/workspaces/${segment(workspaceKey)}`, workspaceAnswer);
    this.workspaceKey = workspaceKey;
    this.workspaceNote = undefined;
    this.active = null;
    this.subpath = null;
    this.pinned = false;
    this.forget();
    return this.stateAfterResolving();
  }

  async setProject(projectKey: string, workspaceKey?: string): Promise<ContextState> {
    const workspace = await this.workspace({ workspace_key: workspaceKey });
    const project = await this.options.api.get(`/v1/projects/${segment(projectKey)}`, projectAnswer, {
      workspace_key: workspace,
    });
    if (workspace !== this.workspaceKey) this.workspaceNote = undefined;
    this.workspaceKey = workspace;
    this.active = { key: project.key, name: project.name };
    this.subpath = null;
    this.pinned = true;
    this.forget();
    return this.state();
  }

  async unsetPin(): Promise<ContextState> {
    const wasPinned = this.pinned;
    this.pinned = false;
    this.forget();
    return this.stateAfterResolving(wasPinned ? undefined : 'No project was pinned.');
  }

  async current(): Promise<ContextState> {
    if (this.pinned) return this.state();
    return this.stateAfterResolving();
  }

  private state(notice?: string): ContextState {
    notice = [this.workspaceNote, notice].filter(Boolean).join(' ') || undefined;
    return {
      workspace_key: this.workspaceKey,
      project: this.active,
      subpath: this.subpath,
      pinned: this.pinned,
      source: this.pinned ? 'pinned' : this.active ? 'resolved' : 'none',
      persistent: true,
      ...(notice ? { notice } : {}),
    };
  }

  /**
   * The state after ensureContext (`quiet`: the notice when it reports nothing); a missing
   * workspace or a resolution problem becomes the state's notice.
   */
  private async stateAfterResolving(quiet?: string): Promise<ContextState> {
    try {
      await this.workspace({});
      const report = await this.ensure();
      const switched = report.switched
        ? `Now on ${report.switched.to}${report.switched.from ? ` (was ${report.switched.from})` : ''}: ${report.switched.reason}.`
        : undefined;
      return this.state([switched, report.notice].filter(Boolean).join(' ') || quiet);
    } catch (err) {
      return this.state(err instanceof Error ? err.message : String(err));
    }
  }

  /** Forgets what was learned (the client's folders changed): the next call resolves again. */
  invalidate(): void {
    this.generation += 1; // a resolution under way for the old folders must not land
    this.cache = null;
    this.ofWorkingTree = false;
  }

  private forget(): void {
    this.generation += 1;
    this.cache = null;
    this.lastNotice = undefined;
    this.ofWorkingTree = false;
  }

  /** ensureContext: one resolution per CONTEXT_TTL_MS; its switch or notice is reported once. */
  private async ensure(): Promise<Report> {
    const now = this.now();
    if (!this.cache || now - this.cache.at >= this.ttlMs) {
      const entry = { at: now, outcome: this.resolveAndSwitch(this.generation), reported: false };
      // "No project here" holds for the TTL; a failure to reach the server is not remembered.
      entry.outcome.catch((err: unknown) => {
        if (!(err instanceof NoProjectError) && this.cache === entry) this.cache = null;
      });
      this.cache = entry;
    }
    const entry = this.cache;
    const report = await entry.outcome;
    if (entry.reported) return {};
    entry.reported = true;
    return report;
  }

  private async resolveAndSwitch(generation: number): Promise<Report> {
    const workspace_key = this.workspaceKey ?? missing('the workspace of the session (set before ensure())');
    const git = await this.options.readGit();
    if (generation !== this.generation) return {}; // the context changed meanwhile
    const clues = {
      ...(git?.remote ? { codehost_remote: git.remote } : {}),
      ...(git?.rootSlug ? { repo_root_slug: git.rootSlug } : {}),
      ...(git?.relativePath ? { relative_path: git.relativePath } : {}),
      ...(this.options.projectKey ? { manual_project_key: this.options.projectKey } : {}),
    };
    if (Object.keys(clues).length === 0) {
      this.ofWorkingTree = false;
      if (this.active) return {};
      const why = git
        ? 'the git repository here has no usable origin remote or folder name'
        : 'the working directory is not in a git repository';
      throw new NoProjectError(`No project: ${why} and SERVICE_PROJECT_KEY is not set`, 'Call set_project.');
    }
    let resolution: Resolution;
    try {
      resolution = await this.options.api.post(
        '/v1/resolve-project',
        { workspace_key, ...clues },
        resolutionAnswer,
      );
    } catch (err) {
      if (generation !== this.generation) return {}; // the context changed meanwhile
      const nothingHere = isApiFailure(err) && (err.status === 404 || err.status === 400);
      this.ofWorkingTree = false;
      // With a project in use, a failed resolution keeps it (retried after the TTL).
      if (this.active) {
        const why = nothingHere
          ? err.message
          : `the project could not be resolved: ${(err as Error).message}`;
        return this.noticeOnce(`${why}; staying on ${this.active.key}.`);
      }
      if (!nothingHere) throw err;
      throw new NoProjectError(
        err.message,
        'Call set_project, set SERVICE_PROJECT_KEY, or ask a workspace admin for a project mapping or auto_create_project.',
      );
    }
    if (generation !== this.generation) return {}; // the context changed meanwhile
    return this.apply(resolution);
  }

  private apply(r: Resolution): Report {
    const from = this.active?.key ?? null;
    const decision = decideSwitch({
      current: from,
      resolved: r.project.key,
      autoSwitchRepo: r.auto_switch_repo,
      autoSwitchSubproject: r.auto_switch_subproject,
    });
    // Kept within the repository, the project is still the working tree's.
    this.ofWorkingTree = decision.kind !== 'kept' || decision.scope === 'subproject';
    if (decision.kind === 'kept') {
      // Still in the same repository: the sub-path boosts recall within the repository's project.
      this.subpath =
        decision.scope === 'subproject' && from !== null && !from.includes('#') ? r.subpath : null;
      const setting = decision.scope === 'repository' ? 'auto_switch_repo' : 'auto_switch_subproject';
      return this.noticeOnce(
        `The working directory resolves to ${r.project.key}, but ${setting} is off in workspace ${this.workspaceKey}: staying on ${from}. Call set_project to change.`,
      );
    }
    this.active = { key: r.project.key, name: r.project.name };
    this.subpath = r.subpath;
    this.lastNotice = undefined;
    if (decision.kind === 'same') return {};
    const reason =
      decision.kind === 'selected'
        ? `resolved from ${r.resolved_by}${r.created ? ' (project created: auto_create_project)' : ''}`
        : SWITCH_REASON[decision.scope];
    return { switched: { from, to: r.project.key, reason } };
  }

  /** A notice is reported when it changes, not on every resolution. */
  private noticeOnce(notice: string): Report {
    if (notice === this.lastNotice) return {};
    this.lastNotice = notice;
    return { notice };
  }
}
