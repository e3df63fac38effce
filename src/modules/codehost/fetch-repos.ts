import type { CodehostConfig } from '../../config/index.ts';
import type { Ctx } from '../../platform/context.ts';
import { callCodehost } from './codehost-api.ts';
import { clientFor } from './codehost-app.ts';
import type { FetchedRepo } from './repo-diff.ts';

/** Largest page the code host gives: 5,000 repositories are 50 requests. */
const PER_PAGE = 100;

/**
 * Every repository the installation reaches (`GET /installation/repositories`, each page the
 * `Link` header names), kept as the few fields a link stores, page by page.
 */
export function fetchRepos(ctx: Ctx, app: CodehostConfig, installationId: number): Promise<FetchedRepo[]> {
  const client = clientFor(ctx, app, installationId);
  return callCodehost(async () => {
    const repos: FetchedRepo[] = [];
    const pages = client.paginate.iterator('GET /installation/repositories', { per_page: PER_PAGE });
    for await (const page of pages) {
      for (const repo of page.data) {
        repos.push({
          repoId: Number(repo.id),
          fullName: repo.full_name,
          private: repo.private,
          defaultBranch: repo.default_branch ?? 'main',
          htmlUrl: repo.html_url,
        });
      }
    }
    return repos;
  });
}
