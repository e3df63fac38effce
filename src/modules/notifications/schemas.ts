import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { nullableTimestamp, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { SEVERITIES } from '../integrations/index.ts';
import { DELIVERY_STATUSES } from './delivery-status.ts';
import { DELIVERY_INTEGRATIONS } from './table.ts';

export const deliveryParams = z.strictObject({
  key: workspaceKey,
  id: z.string().regex(/^dlv_[0-9A-Z]{26}$/, 'must be a delivery id (dlv_...)'),
});

export const deliveriesQuery = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  channel: z.string().min(1).max(200).optional().describe('The channel a delivery names'),
  action: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('A prefix of the audit action key (ci. or ci.failure)'),
  ...pageQuery,
});

export const deliveryAnswer = z.object({
  id: z.string(),
  integration: z.enum(DELIVERY_INTEGRATIONS),
  audit_id: z.string(),
  action: z.string(),
  channel: z.string().nullable().describe("null: the webhook's own channel"),
  severity: z.enum(SEVERITIES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: nullableTimestamp.describe('When the next attempt is due (pending or retrying)'),
  answer: z.string().nullable().describe('What the receiver answered when it took the message'),
  explanation: z
    .enum(['none', 'included', 'left_out'])
    .describe(
      "The audit reasoner's explanation in the sent message: none asked for (or not sent yet), included, or left out (explanation_note says why)",
    ),
  explanation_note: z.string().nullable(),
  created_at: timestamp,
  finished_at: nullableTimestamp,
});

export const deliveryList = z.object({ items: z.array(deliveryAnswer), next_cursor: z.string().nullable() });

export const retryDeliveryBody = z
  .strictObject({ reason: z.string().max(1000).optional() })
  .nullish()
  .describe('Optional: why (recorded in the audit entry)');
