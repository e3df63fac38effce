import type { Ctx } from '../../../platform/context.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import { auditedProviderCall } from '../provider/audited-provider-call.ts';
import { wikiApiRoot } from '../provider/base-url.ts';
import { providerGetJson } from '../provider/provider-call.ts';
import { at, list, text } from '../provider/provider-json.ts';
import { searchCql } from './cql.ts';
import type { WikiPageSummary } from './schemas.ts';

/** Search highlighting markers and whitespace runs out of a title or excerpt. */
const plainText = (s: string | null) =>
  (s ?? '')
    .replace(/@@@(end)?hl@@@/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A page's address under the wiki root from a `webui` path, which may or may not start with /wiki. */
export const pageUrl = (root: string, webui: string | null, id: string) => {
  const path = webui ?? `/pages/viewpage.action?pageId=${id}`;
  return `${root}${path.startsWith('/wiki/') ? path.slice('/wiki'.length) : path}`;
};

/** A search result as answered, or null when it is not a page with an id. */
function pageSummary(root: string, r: unknown): WikiPageSummary | null {
  const id = text(at(r, 'content', 'id'));
  if (!id) return null;
  return {
    id,
    title: plainText(text(at(r, 'content', 'title')) ?? text(at(r, 'title'))),
    space: text(at(r, 'resultGlobalContainer', 'title')) ?? text(at(r, 'content', 'space', 'name')),
    excerpt: plainText(text(at(r, 'excerpt'))),
    updated: text(at(r, 'lastModified')),
    url: pageUrl(root, text(at(r, 'content', '_links', 'webui')) ?? text(at(r, 'url')), id),
  };
}

/**
 * Searches the wiki's pages (Confluence Cloud CQL search) for `q`; workspace members. Audited
 * `wiki.search` (q with secrets masked, limit, count), failures included.
 */
export async function searchWiki({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; q: string; limit: number };
}): Promise<WikiPageSummary[]> {
  const params = { q: redactSecrets(input.q).text, limit: input.limit };
  return auditedProviderCall(
    ctx,
    {
      workspaceKey: input.workspace_key,
      provider: 'wiki',
      action: 'wiki.search',
      target: { type: 'wiki', id: null },
      params,
    },
    async (integration) => {
      const root = wikiApiRoot(integration.fields.base_url);
      const query = new URLSearchParams({ cql: searchCql(input.q), limit: String(input.limit) });
      const body = await providerGetJson(ctx, integration, `${root}/rest/api/search?${query}`, 'Search');
      return list(body.results)
        .flatMap((r) => pageSummary(root, r) ?? [])
        .slice(0, input.limit);
    },
    (items) => ({ ...params, count: items.length }),
  );
}
