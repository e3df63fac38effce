import { useQuery } from '@tanstack/react-query';
import { bundleQueries, type BundleQuery } from '../../api/queries/bundle.ts';
import type { BundleDebug } from '../../api/types.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';
import { budgetRows, droppedText } from './budget-rows.ts';

/** How the budget was spent, from the same parameters with mode=debug (the JSON answer's `debug`). */
export function BundleBudgetTable({ query }: { query: BundleQuery }) {
  const bundle = useQuery(bundleQueries.debug(query));
  return (
    <section aria-labelledby="bundle-budget-title">
      <h2 id="bundle-budget-title">How the budget was spent</h2>
      {bundle.isPending ? (
        <Loading what="the budget figures" />
      ) : bundle.isError ? (
        <ErrorMessage error={bundle.error} title="The figures could not be read" />
      ) : bundle.data.debug ? (
        <BudgetFigures debug={bundle.data.debug} />
      ) : (
        <p className="muted">The server answered no debug figures.</p>
      )}
    </section>
  );
}

function BudgetFigures({ debug }: { debug: BundleDebug }) {
  const t = debug.token_budget;
  const rows = budgetRows(t.sections);
  return (
    <>
      <dl className="facts card">
        <dt>Budget</dt>
        <dd>{t.budget} tokens</dd>
        <dt>Used</dt>
        <dd>{t.used} tokens (the whole JSON answer, debug figures included)</dd>
        <dt>Fixed part</dt>
        <dd>{t.fixed} tokens (project, summary, query, debug)</dd>
        <dt>Dropped</dt>
        <dd data-testid="bundle-dropped">{droppedText(rows)}</dd>
        <dt>Project</dt>
        <dd className="mono">
          {debug.resolved_workspace} / {debug.resolved_project}
        </dd>
        <dt>Monorepo mode</dt>
        <dd>{debug.monorepo_mode}</dd>
        <dt>Sub-path</dt>
        <dd>{debug.current_subpath || <span className="muted">(none)</span>}</dd>
        <dt>Boosts</dt>
        <dd className="mono small">{JSON.stringify(debug.boosts_applied)}</dd>
      </dl>
      <Table
        label="Token budget by section"
        columns={['Section', 'Allocated', 'Used', 'Items kept', 'Dropped']}
      >
        {rows.map((s) => (
          <tr key={s.name}>
            <td data-label="Section">{s.label}</td>
            <td data-label="Allocated">{s.allocated}</td>
            <td data-label="Used">{s.used}</td>
            <td data-label="Items kept">{s.items}</td>
            <td data-label="Dropped">{s.dropped > 0 ? <strong>{s.dropped}</strong> : 0}</td>
          </tr>
        ))}
      </Table>
      <p className="muted small">
        Both views are the server&apos;s answer with mode=debug, so this table describes the bundle shown. The
        debug data (the Markdown&apos;s last block) takes part of the budget: an assistant&apos;s bundle
        (mode=default) leaves it out and has that room for more items.
      </p>
    </>
  );
}
