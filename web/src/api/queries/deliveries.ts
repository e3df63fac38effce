import { pagedQuery } from '../paged.ts';
import { send } from '../request.ts';
import type { Delivery, DeliveryList } from '../types.ts';
import { workspacePath } from './workspaces.ts';

/** The deliveries' filters as the API takes them (empty: not filtered). */
export interface DeliveryFilterValues {
  status: string;
  channel: string;
  action: string;
}

export const deliveryQueries = {
  /** Every list of a workspace's deliveries, whatever its filters. */
  all: (workspace: string) => ['deliveries', workspace] as const,
  list: (workspace: string, filters: DeliveryFilterValues) =>
    pagedQuery<DeliveryList>(deliveryQueries.all(workspace), `${workspacePath(workspace)}/deliveries`, {
      ...filters,
    }),
};

/** Queues a failed delivery again now, with a new round of attempts. */
export const retryDelivery = (workspace: string, id: string, reason: string) =>
  send<Delivery>('POST', `${workspacePath(workspace)}/deliveries/${encodeURIComponent(id)}/retry`, {
    body: reason ? { reason } : {},
  });
