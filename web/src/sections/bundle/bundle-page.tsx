import { useQuery } from '@tanstack/react-query';
import { bundleQueries } from '../../api/queries/bundle.ts';
import { Page } from '../../ui/page.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { BundleBudgetTable } from './bundle-budget-table.tsx';
import { BundleForm } from './bundle-form.tsx';
import { BundleMarkdown } from './bundle-markdown.tsx';
import { BUNDLE_ADDRESS, bundleQuery } from './bundle-params.ts';

/** `/bundle?workspace=&project=&q=&subpath=&budget=`: the context bundle and how its budget was spent. */
export function BundlePage() {
  const { workspace, project } = useProjectChoice();
  const { values: current, set: update } = useAddress(BUNDLE_ADDRESS);
  const chosen = workspace !== '' && project !== '';
  const query = bundleQuery(workspace, project, current);
  // The budget table asks the same (one request): a refusal's words about a parameter go to its field.
  const bundle = useQuery({ ...bundleQueries.debug(query), enabled: chosen });
  return (
    <Page
      title="Context bundle"
      lead="What an assistant is given at the start of a session in a project, within a token budget (project readers)."
    >
      <ProjectPicker idPrefix="bundle" />
      {!chosen ? (
        <Empty>Choose a workspace and a project to preview its bundle.</Empty>
      ) : (
        <>
          <BundleForm current={current} onChange={update} error={bundle.error} />
          <div className="grid two bundle-views">
            <BundleMarkdown query={query} />
            <BundleBudgetTable query={query} />
          </div>
        </>
      )}
    </Page>
  );
}
