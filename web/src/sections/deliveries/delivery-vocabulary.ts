import type { Delivery, DeliveryStatus } from '../../api/types.ts';

/** The statuses the API reports, in the order a delivery goes through them. */
export const DELIVERY_STATUSES: DeliveryStatus[] = ['pending', 'retrying', 'sending', 'delivered', 'failed'];

/** Statuses still on their way: the list is read again while one of them is shown. */
const IN_FLIGHT: DeliveryStatus[] = ['pending', 'retrying', 'sending'];

export const inFlight = (items: Delivery[]): boolean => items.some((d) => IN_FLIGHT.includes(d.status));

/** What each status means, for the filter and the badge's title. */
export const STATUS_MEANINGS: Record<DeliveryStatus, string> = {
  pending: 'not tried yet',
  retrying: 'waiting for its next attempt',
  sending: 'being sent now',
  delivered: 'the receiver took it',
  failed: 'no attempt left, or refused for good',
};

/** The badge class of a status (the stylesheet's colours: green, amber, red). */
export function statusClass(status: DeliveryStatus): string {
  if (status === 'delivered') return 'status-active';
  if (status === 'failed') return 'status-expired';
  return 'status-pending';
}
