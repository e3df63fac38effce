import type { Ctx } from '../../../platform/context.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import { auditedProviderCall } from '../provider/audited-provider-call.ts';
import { siteUrl } from '../provider/base-url.ts';
import type { ConfiguredIntegration } from '../config/effective-integration.ts';
import { providerGetJson, providerStatus } from '../provider/provider-call.ts';
import { fullTextTerms, normalizeIssueKey, searchJql } from './jql.ts';
import { list } from '../provider/provider-json.ts';
import type { TrackerIssueSummary } from './schemas.ts';
import { issueSummary } from './tracker-issue.ts';

export const SEARCH_FIELDS = 'summary,status,issuetype,assignee,updated';

async function searchPage(
  ctx: Ctx,
  integration: ConfiguredIntegration<'tracker'>,
  jql: string,
  limit: number,
) {
  const site = siteUrl(integration.fields.base_url);
  const query = new URLSearchParams({ jql, maxResults: String(limit), fields: SEARCH_FIELDS });
  const body = await providerGetJson(ctx, integration, `${site}/rest/api/3/search/jql?${query}`, 'Search');
  return list(body.issues)
    .slice(0, limit)
    .flatMap((issue) => issueSummary(site, issue) ?? []);
}

/**
 * Searches the tracker (Jira Cloud enhanced search) with bounded JQL built from `q`; workspace
 * members. A query shaped like an issue key also matches that issue; when the key does not exist
 * Jira refuses the whole JQL, so the search is made again on the text alone. Audited
 * `tracker.search` (q with secrets masked, limit, count), failures included.
 */
export async function searchTracker({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; q: string; limit: number };
}): Promise<TrackerIssueSummary[]> {
  const params = { q: redactSecrets(input.q).text, limit: input.limit };
  return auditedProviderCall(
    ctx,
    {
      workspaceKey: input.workspace_key,
      provider: 'tracker',
      action: 'tracker.search',
      target: { type: 'tracker', id: null },
      params,
    },
    async (integration) => {
      try {
        return await searchPage(ctx, integration, searchJql(input.q), input.limit);
      } catch (e) {
        const keyRefused = normalizeIssueKey(input.q) !== null && providerStatus(e) === 400;
        if (!keyRefused || !fullTextTerms(input.q)) throw e;
        return searchPage(ctx, integration, searchJql(input.q, { matchKey: false }), input.limit);
      }
    },
    (items) => ({ ...params, count: items.length }),
  );
}
