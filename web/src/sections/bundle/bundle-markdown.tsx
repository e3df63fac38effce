import { useQuery } from '@tanstack/react-query';
import { bundleQueries, type BundleQuery } from '../../api/queries/bundle.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';

/**
 * The Markdown bundle (format=markdown), asked with mode=debug like the budget table so that both
 * describe one bundle. It is untrusted text (memories anyone with write access wrote): shown as
 * text in a <pre>, never rendered as HTML.
 */
export function BundleMarkdown({ query }: { query: BundleQuery }) {
  const markdown = useQuery(bundleQueries.markdown(query));
  return (
    <section aria-labelledby="bundle-markdown-title">
      <h2 id="bundle-markdown-title">The bundle, as Markdown</h2>
      {markdown.isPending ? (
        <Loading what="the bundle" />
      ) : markdown.isError ? (
        <ErrorMessage error={markdown.error} title="The bundle could not be built" />
      ) : (
        <pre className="bundle" tabIndex={0} aria-label="Markdown bundle" data-testid="bundle-markdown">
          {markdown.data}
        </pre>
      )}
    </section>
  );
}
