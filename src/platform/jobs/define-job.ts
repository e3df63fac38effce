import type { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { JobRow } from './table.ts';

/**
 * One kind of background job: its name (stored with each job), the zod schema of its payload, the
 * handler of one attempt, and what to do once it has failed for good. Modules define their jobs
 * with defineJob; the composition root lists them for the runner (a runner claims only the kinds
 * it was given); enqueueJobs takes the definition, so a payload is checked against its kind when
 * it is written and again before each attempt.
 */
export interface JobDefinition<P extends JobPayload = JobPayload> {
  kind: string;
  /** Plain JSON (it is stored as jsonb): an object schema without transforms. */
  payload: z.ZodType<P>;
  /** Runs one attempt; throws (a JobFailure to say more) when the attempt failed. */
  handle(run: { payload: P; job: JobRow; ctx: Ctx; signal: AbortSignal }): Promise<void>;
  /**
   * Called once when the job has failed for good (no attempt left, a final failure, or a stored
   * payload that no longer parses: then `payload` is undefined), after the failure is saved. A
   * retry by hand that fails again calls it again.
   */
  onFailed?(run: { payload: P | undefined; job: JobRow; ctx: Ctx; error: string }): Promise<void>;
}

/** What a job carries: a JSON object. */
export type JobPayload = Record<string, unknown>;

/** A job definition, its payload type inferred from its schema. */
export function defineJob<P extends JobPayload>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
