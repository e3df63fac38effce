import type { Ctx } from '../../../platform/context.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import { auditedProviderCall } from '../audited-provider-call.ts';
import { wikiApiRoot } from '../base-url.ts';
import { providerGetJson } from '../provider-call.ts';
import { searchCql } from './cql.ts';

interface SearchResult {
  content?: { id?: string; title?: string; space?: { name?: string } | null; _links?: { webui?: string } };
  title?: string;
  excerpt?: string;
  url?: string;
  lastModified?: string;
  resultGlobalContainer?: { title?: string } | null;
}

export interface WikiPageSummary {
  id: string;
  title: string;
  space: string | null;
  excerpt: string;
  updated: string | null;
  url: string;
}

/** Search highlighting markers and whitespace runs out of a title or excerpt. */
const plainText = (s: string | undefined) =>
  (s ?? '')
    .replace(/@@@(end)?hl@@@/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function pageSummary(root: string, r: SearchResult): WikiPageSummary | null {
  const id = r.content?.id;
  if (!id) return null;
  const path = r.content?._links?.webui ?? r.url ?? `/pages/viewpage.action?pageId=${id}`;
  return {
    id,
    title: plainText(r.content?.title ?? r.title),
    space: r.resultGlobalContainer?.title ?? r.content?.space?.name ?? null,
    excerpt: plainText(r.excerpt),
    updated: r.lastModified ?? null,
    url: `${root}${path.startsWith('/wiki/') ? path.slice('/wiki'.length) : path}`,
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
      const root = wikiApiRoot(String(integration.fields.base_url));
      const query = new URLSearchParams({ cql: searchCql(input.q), limit: String(input.limit) });
      const body = (await providerGetJson(
        ctx,
        integration,
        `${root}/rest/api/search?${query}`,
        'Search',
      )) as {
        results?: SearchResult[];
      };
      return (body.results ?? [])
        .map((r) => pageSummary(root, r))
        .filter((p): p is WikiPageSummary => p !== null)
        .slice(0, input.limit);
    },
    (items) => ({ count: items.length }),
  );
}
