import { z } from 'zod';

const totals = z.object({
  calls: z.number().int().describe('Calls started (the hourly cap counts these)'),
  failures: z.number().int().describe('Calls that gave no answer'),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
});

export const modelUsageAnswer = z.object({
  workspace_key: z.string(),
  cap_per_hour: z
    .number()
    .int()
    .describe('SERVICE_MODEL_HOURLY_CALL_CAP: calls allowed per clock hour (UTC)'),
  this_hour: totals,
  last_24_hours: totals,
  last_30_days: totals,
  days: z
    .array(totals.extend({ day: z.string().describe('YYYY-MM-DD (UTC)') }))
    .describe('Days with any use, oldest first'),
});
