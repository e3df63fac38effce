import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryStatus } from '../../api/types.ts';
import { DELIVERY_STATUSES, inFlight, statusClass } from './delivery-vocabulary.ts';

const withStatus = (status: DeliveryStatus) => ({ status }) as Delivery;

describe('inFlight', () => {
  it('is true while a delivery is pending, waiting to retry or being sent', () => {
    expect(inFlight([withStatus('delivered'), withStatus('failed')])).toBe(false);
    for (const status of ['pending', 'retrying', 'sending'] as const)
      expect(inFlight([withStatus('delivered'), withStatus(status)])).toBe(true);
    expect(inFlight([])).toBe(false);
  });
});

describe('statusClass', () => {
  it('colours delivered green, failed red, the rest amber', () => {
    expect(DELIVERY_STATUSES.map(statusClass)).toEqual([
      'status-pending',
      'status-pending',
      'status-pending',
      'status-active',
      'status-expired',
    ]);
  });
});
