/** A repository as the code host lists it, the fields a link keeps. */
export interface FetchedRepo {
  repoId: number;
  fullName: string;
  private: boolean;
  defaultBranch: string;
  htmlUrl: string;
}

/** A link as stored. */
export interface StoredLink extends FetchedRepo {
  active: boolean;
}

export interface RepoDiff {
  /** Repositories the workspace never linked. */
  added: FetchedRepo[];
  /** Linked repositories that changed (renamed, visibility, default branch) or come back active. */
  updated: FetchedRepo[];
  /** Active links to repositories the installation no longer reaches. */
  deactivated: number[];
  /** Active links after the sync. */
  total: number;
}

const changed = (link: StoredLink, repo: FetchedRepo) =>
  !link.active ||
  link.fullName !== repo.fullName ||
  link.private !== repo.private ||
  link.defaultBranch !== repo.defaultBranch ||
  link.htmlUrl !== repo.htmlUrl;

/** What a sync changes: the links compared with what the code host lists, by repository id. */
export function diffRepos(links: readonly StoredLink[], fetched: readonly FetchedRepo[]): RepoDiff {
  const byId = new Map(links.map((link) => [link.repoId, link]));
  const seen = new Set<number>();
  const added: FetchedRepo[] = [];
  const updated: FetchedRepo[] = [];
  for (const repo of fetched) {
    if (seen.has(repo.repoId)) continue;
    seen.add(repo.repoId);
    const link = byId.get(repo.repoId);
    if (!link) added.push(repo);
    else if (changed(link, repo)) updated.push(repo);
  }
  const deactivated = links
    .filter((link) => link.active && !seen.has(link.repoId))
    .map((link) => link.repoId);
  return { added, updated, deactivated, total: seen.size };
}
