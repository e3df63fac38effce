import type { z } from 'zod';
import { iso, isoOrNull } from '../../platform/http/fields.ts';
import type { JobRow } from '../../platform/jobs/table.ts';
import { deliveryStatus } from './delivery-status.ts';
import type { deliveryAnswer } from './schemas.ts';
import type { DeliveryRow } from './table.ts';

export type DeliveryView = z.output<typeof deliveryAnswer>;

/** A delivery as the API shows it: what was decided, and its job's progress. */
export function deliveryView(d: DeliveryRow, job: JobRow): DeliveryView {
  const status = deliveryStatus(job);
  return {
    id: d.id,
    integration: d.integration,
    audit_id: d.auditId,
    action: d.action,
    channel: d.channel,
    severity: d.severity,
    status,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    last_error: job.lastError,
    next_attempt_at: status === 'pending' || status === 'retrying' ? iso(job.runAt) : null,
    answer: d.answer,
    explanation: d.explanation ?? 'none',
    explanation_note: d.explanationNote,
    created_at: iso(d.createdAt),
    finished_at: isoOrNull(job.finishedAt),
  };
}
