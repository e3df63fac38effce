import { send } from '../request.ts';
import type { CiEvent } from '../types.ts';

/** A CI run's result as POST /v1/ci-events takes it; the run's fields are optional. */
export interface CiEventBody {
  status: 'success' | 'failure';
  workspace_key: string;
  project_key?: string;
  [run: string]: string | undefined;
}

/** Records a CI run's result as the audit entry ci.success or ci.failure. */
export const recordCiEvent = (body: CiEventBody) => send<CiEvent>('POST', '/v1/ci-events', { body });
