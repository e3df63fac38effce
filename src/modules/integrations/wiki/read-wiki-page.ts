import type { Ctx } from '../../../platform/context.ts';
import { invalidField } from '../../../platform/http/errors.ts';
import { auditedProviderCall } from '../provider/audited-provider-call.ts';
import { wikiApiRoot } from '../provider/base-url.ts';
import { clipContent } from '../provider/clip-content.ts';
import { providerGetJson } from '../provider/provider-call.ts';
import { at, text } from '../provider/provider-json.ts';
import { pageIdFrom } from './cql.ts';
import type { WikiPageText } from './schemas.ts';
import { pageUrl } from './search-wiki.ts';

/**
 * Reads one wiki page (Confluence Cloud v2 pages API, storage format) as plain text, clipped at
 * `max_chars` with a marker; workspace members. `page_id` is an id or any page URL form. A missing
 * page answers 404 with Confluence's message. Audited `wiki.read` (page_id), failures included.
 */
export async function readWikiPage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; page_id: string; max_chars: number };
}): Promise<WikiPageText> {
  const id = pageIdFrom(input.page_id);
  if (!id) throw invalidField('query.page_id', 'must be a page id or a page URL (tiny links cannot be read)');
  return auditedProviderCall(
    ctx,
    {
      workspaceKey: input.workspace_key,
      provider: 'wiki',
      action: 'wiki.read',
      target: { type: 'wiki_page', id },
      params: { page_id: id },
    },
    async (integration) => {
      const root = wikiApiRoot(integration.fields.base_url);
      const url = `${root}/api/v2/pages/${encodeURIComponent(id)}?body-format=storage`;
      const page = await providerGetJson(ctx, integration, url, `Page ${id}`);
      // Loaded with the first page read, not at every server start (html-to-text and its
      // compiled converter cost about 0.1 s).
      const { storageToText } = await import('./storage-to-text.ts');
      const title = text(page.title) ?? '';
      const body = `${title}\n\n${storageToText(text(at(page, 'body', 'storage', 'value')) ?? '')}`.trim();
      return {
        id: text(page.id) ?? id,
        title,
        url: pageUrl(root, text(at(page, '_links', 'webui')), id),
        updated: text(at(page, 'version', 'createdAt')),
        ...clipContent(body, input.max_chars),
      };
    },
  );
}
