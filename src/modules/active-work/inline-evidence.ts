import { z } from 'zod';
import type { Evidence } from './evidence.ts';
import { EVIDENCE_KINDS } from './table.ts';

const line = (max: number) => z.string().max(max);

/**
 * Evidence as a job carries it whole (a git event, a code host push or pull request): the Evidence
 * shape, its time as an ISO string in the stored payload.
 */
export const inlineEvidence: z.ZodType<Evidence> = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  ref: line(600).min(1),
  summary: line(400),
  text: line(20_000),
  occurredAt: z.coerce.date(),
  userId: z.string().max(100).nullable(),
  subpath: line(500).nullable(),
  branch: line(255).nullable(),
  issueKeys: z.array(line(100)).max(50),
  mayCreate: z.boolean(),
  correlationId: line(200).nullable(),
  url: line(2000).nullable().optional(),
});
