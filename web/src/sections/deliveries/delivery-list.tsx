import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListAnswer } from '../../api/paged.ts';
import { usePagedList } from '../../api/paged.ts';
import { deliveryQueries, retryDelivery, type DeliveryFilterValues } from '../../api/queries/deliveries.ts';
import type { Delivery } from '../../api/types.ts';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { DeliveryRow } from './delivery-row.tsx';
import { inFlight } from './delivery-vocabulary.ts';

/** How often the list is read again while a delivery is on its way. */
const POLL_MS = 3000;

type Pages = InfiniteData<ListAnswer<Delivery>>;

/** Reads the workspace's deliveries again every few seconds while `active`, and stops when it is not. */
function usePollWhile(active: boolean, workspace: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: deliveryQueries.all(workspace) }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [active, client, workspace]);
}

/** Retries a failed delivery; its row shows the answer at once, then the list is read again. */
function useRetry(workspace: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ delivery, reason }: { delivery: Delivery; reason: string }) =>
      retryDelivery(workspace, delivery.id, reason),
    onSuccess: (updated) => {
      client.setQueriesData<Pages>({ queryKey: deliveryQueries.all(workspace) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((d) => (d.id === updated.id ? updated : d)),
              })),
            }
          : data,
      );
    },
    // Refused too (a 409: it is no longer failed), the list is read again to show where it stands.
    onSettled: () => client.invalidateQueries({ queryKey: deliveryQueries.all(workspace) }),
  });
}

/** A workspace's deliveries, newest first, filtered as the address says, paged; read again while any is on its way. */
export function DeliveryList({
  workspace,
  filters,
  canRetry,
}: {
  workspace: string;
  filters: DeliveryFilterValues;
  canRetry: boolean;
}) {
  const list = usePagedList(deliveryQueries.list(workspace, filters));
  const active = list.isSuccess && inFlight(list.items);
  usePollWhile(active, workspace);
  const retry = useRetry(workspace);
  const filtered = Boolean(filters.status || filters.channel || filters.action);
  return (
    <>
      {list.isSuccess && (
        <p className="muted small" role="status">
          {active
            ? 'Some deliveries are on their way: the list is read again every few seconds.'
            : 'Nothing on its way: the list is not refreshed by itself.'}{' '}
          <button
            type="button"
            className="link"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            {list.isFetching ? 'Reading…' : 'Refresh now'}
          </button>
        </p>
      )}
      {retry.isError && (
        <ErrorMessage error={retry.error} title={`Delivery ${retry.variables.delivery.id} was not retried`} />
      )}
      {retry.isSuccess && (
        <p className="ok" role="status">
          Delivery <span className="mono">{retry.data.id}</span> queued again: {retry.data.status}.
        </p>
      )}
      <PagedTable
        list={list}
        what="the deliveries"
        errorTitle="The deliveries could not be read"
        empty={
          filtered
            ? 'No delivery matches these filters.'
            : 'No deliveries yet: chat notifications of this workspace appear here once sent.'
        }
        columns={['Created', 'Action', 'Channel', 'Severity', 'Status', 'Outcome', { hidden: 'Actions' }]}
        className="deliveries"
      >
        {(d) => (
          <DeliveryRow
            key={d.id}
            workspace={workspace}
            delivery={d}
            canRetry={canRetry}
            onRetry={(delivery, reason) => retry.mutate({ delivery, reason })}
            retrying={retry.isPending}
          />
        )}
      </PagedTable>
    </>
  );
}
