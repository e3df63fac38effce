import { and, eq, gt, type SQL } from 'drizzle-orm';
import { jobs, type JobRow } from '../../platform/jobs/table.ts';

/**
 * A delivery's status, from its job: `pending` (not tried yet), `retrying` (tried, waiting for its
 * next attempt), `sending`, `delivered`, `failed` (no attempt left, or refused for good: it stays
 * until an admin retries it).
 */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export function deliveryStatus(job: Pick<JobRow, 'status' | 'attempts'>): DeliveryStatus {
  switch (job.status) {
    case 'queued':
      return job.attempts === 0 ? 'pending' : 'retrying';
    case 'running':
      return 'sending';
    case 'succeeded':
      return 'delivered';
    case 'failed':
      return 'failed';
  }
}

/** The jobs whose deliveries have `status`, in SQL. */
export function jobsInStatus(status: DeliveryStatus): SQL | undefined {
  switch (status) {
    case 'pending':
      return and(eq(jobs.status, 'queued'), eq(jobs.attempts, 0));
    case 'retrying':
      return and(eq(jobs.status, 'queued'), gt(jobs.attempts, 0));
    case 'sending':
      return eq(jobs.status, 'running');
    case 'delivered':
      return eq(jobs.status, 'succeeded');
    case 'failed':
      return eq(jobs.status, 'failed');
  }
}
