import { z } from 'zod';
import { PROVIDERS, type Provider } from '../../../config/index.ts';
import { reason, workspaceKey } from '../../../platform/http/fields.ts';
import { CONFIG_SCHEMAS } from './providers.ts';

const bodyOf = <P extends Provider>(provider: P) =>
  z.strictObject({
    workspace_key: workspaceKey,
    provider: z.literal(provider),
    enabled: z.boolean(),
    reason: reason.optional(),
    config: CONFIG_SCHEMAS[provider],
  });

/** `PUT /v1/integrations` (docs/api.md#integrations): the provider decides which `config` fields exist. */
export const putIntegrationBody = z.discriminatedUnion(
  'provider',
  [bodyOf('tracker'), bodyOf('wiki'), bodyOf('chat'), bodyOf('audit_reasoner')],
  { error: () => `provider must be one of ${PROVIDERS.join(', ')}` },
);

export type PutIntegrationInput = z.output<typeof putIntegrationBody>;
