import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { modelUsageQueries } from '../../api/queries/model-usage.ts';
import type { ModelUsageTotals } from '../../api/types.ts';
import { count } from '../../ui/format.ts';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';

const COLUMNS = ['Calls', 'Failures', 'Input tokens', 'Output tokens'];

/** One period's row: its name as the row's header, then its calls, failures and tokens. */
function TotalsRow({ name, totals }: { name: ReactNode; totals: ModelUsageTotals }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{count(totals.calls)}</td>
      <td>{count(totals.failures)}</td>
      <td>{count(totals.input_tokens)}</td>
      <td>{count(totals.output_tokens)}</td>
    </tr>
  );
}

/**
 * The workspace's language model use (GET /v1/workspaces/:key/model-usage): this hour's calls
 * against the hourly cap, failures and tokens, the last 24 hours and 30 days, and each day with any
 * use, newest first. Hours and days are UTC, as the server counts them.
 */
export function ModelUsage({ workspace }: { workspace: string }) {
  const usage = useQuery(modelUsageQueries.usage(workspace));
  return (
    <section className="model-usage" aria-labelledby="model-usage-title">
      <h3 id="model-usage-title">Model usage</h3>
      {usage.isPending ? (
        <Loading what="the model usage" />
      ) : usage.isError ? (
        <ErrorMessage error={usage.error} title="The model usage could not be read" />
      ) : (
        <>
          <p>
            <strong>
              {count(usage.data.this_hour.calls)} of {count(usage.data.cap_per_hour)} calls this hour
            </strong>{' '}
            <span className="muted small">(the cap, per clock hour in UTC)</span>:{' '}
            {count(usage.data.this_hour.failures)} failed, {count(usage.data.this_hour.input_tokens)} input
            and {count(usage.data.this_hour.output_tokens)} output tokens.
          </p>
          <Table caption="Calls and tokens" columns={['Period', ...COLUMNS]} stacked={false}>
            <TotalsRow name="This hour" totals={usage.data.this_hour} />
            <TotalsRow name="Last 24 hours" totals={usage.data.last_24_hours} />
            <TotalsRow name="Last 30 days" totals={usage.data.last_30_days} />
          </Table>
          {usage.data.days.length === 0 ? (
            <Empty>No calls in the last 30 days.</Empty>
          ) : (
            <Table caption="By day (UTC), newest first" columns={['Day', ...COLUMNS]} stacked={false}>
              {usage.data.days.toReversed().map((d) => (
                <TotalsRow key={d.day} name={<time dateTime={d.day}>{d.day}</time>} totals={d} />
              ))}
            </Table>
          )}
        </>
      )}
    </section>
  );
}
