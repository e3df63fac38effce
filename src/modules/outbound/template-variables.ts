import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { ACTION_CATALOGUE, COMMON_VARIABLES, type CatalogueVariable } from './action-catalogue.ts';
import type { variablesAnswer } from './schemas.ts';
import type { OutboundIntegrationType } from './table.ts';
import { requireWorkspaceRole } from '../access/index.ts';

const listed = (variables: Record<string, CatalogueVariable>) =>
  Object.entries(variables).map(([name, v]) => ({
    name,
    description: v.description,
    example: v.example,
    optional: v.optional ?? false,
  }));

/**
 * What templates may use: the variables every message has, then each action's own (its audit
 * params), with a description and an example; members. The same for every integration type today.
 */
export async function templateVariables({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; integration_type: OutboundIntegrationType };
}): Promise<z.output<typeof variablesAnswer>> {
  await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  return {
    common: listed(COMMON_VARIABLES),
    actions: Object.entries(ACTION_CATALOGUE)
      .map(([action_key, a]) => ({ action_key, description: a.description, variables: listed(a.variables) }))
      .sort((a, b) => a.action_key.localeCompare(b.action_key)),
  };
}
