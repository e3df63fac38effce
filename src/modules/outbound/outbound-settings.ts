import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { updateWorkspaceSettings } from '../workspaces/index.ts';
import { OUTBOUND_LOCALES } from './locales.ts';
import type { outboundSettingsAnswer } from './schemas.ts';
import { requireWorkspaceRole } from '../access/index.ts';

type SettingsView = z.output<typeof outboundSettingsAnswer>;

const view = (w: {
  key: string;
  defaultOutboundLocale: string;
  supportedLocales: string[];
}): SettingsView => ({
  workspace_key: w.key,
  default_outbound_locale: w.defaultOutboundLocale,
  supported_locales: w.supportedLocales,
  built_in_locales: [...OUTBOUND_LOCALES],
});

/** A workspace's outbound locale settings; members. */
export async function getOutboundSettings({ ctx, input }: { ctx: Ctx; input: { key: string } }) {
  const access = await requireWorkspaceRole(ctx, input.key, 'member');
  return view(access.workspace);
}

/**
 * Sets both outbound locale settings (they are the workspace's settings of those names, audited as
 * `workspace_settings.updated`); workspace admins. The default must be one of the supported locales.
 */
export async function putOutboundSettings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    key: string;
    default_outbound_locale: string;
    supported_locales: string[];
    reason?: string | undefined;
  };
}): Promise<SettingsView> {
  const access = await updateWorkspaceSettings({
    ctx,
    input: {
      workspace_key: input.key,
      default_outbound_locale: input.default_outbound_locale,
      supported_locales: input.supported_locales,
      reason: input.reason,
    },
  });
  return view(access.workspace);
}
