import { z } from 'zod';
import { PROVIDERS } from '../../../config/index.ts';
import { nullableTimestamp, workspaceKey } from '../../../platform/http/fields.ts';
import { FIELD_SOURCES } from './effective-integration.ts';

export { putIntegrationBody } from './put-integration-input.ts';

const fieldSource = z.enum(FIELD_SOURCES);

export const integrationAnswer = z.object({
  provider: z.enum(PROVIDERS),
  enabled: z.boolean(),
  configured: z.boolean().describe('Every field the provider needs has a value from some source'),
  missing: z.array(z.string()).describe('Required fields no source gives'),
  source: z
    .enum(['workspace', 'env', 'none'])
    .describe('workspace: a saved configuration applies; env: only environment fallbacks; none: nothing'),
  locked: z
    .boolean()
    .describe('Listed in SERVICE_INTEGRATION_LOCKED_PROVIDERS: only the environment applies'),
  config: z
    .record(z.string(), z.unknown())
    .describe('The fields that apply, without secrets; `has_<secret>` says whether a secret is set'),
  field_sources: z.record(z.string(), fieldSource),
  secrets_unreadable: z
    .boolean()
    .describe('Stored secrets no longer open with the server key: send them again'),
  updated_at: nullableTimestamp,
});

export const integrationsQuery = z.strictObject({ workspace_key: workspaceKey });
export const integrationList = z.object({ items: z.array(integrationAnswer), next_cursor: z.null() });
