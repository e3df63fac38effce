import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  outboundQueries,
  outboundWrites,
  type PolicyBody,
  type RenderRequest,
} from '../../api/queries/outbound.ts';
import { workspaceQueries } from '../../api/queries/workspaces.ts';
import type { IntegrationType } from '../../api/types.ts';

/** Stands for "nothing to render": its query never runs. */
const NOTHING: RenderRequest = { workspace: '', type: 'chat', action: '', params: {} };

/** One message rendered by the server (`POST /v1/outbound/render`); a refusal is the query's error. */
export function useRender(request: RenderRequest | null) {
  return useQuery({ ...outboundQueries.render(request ?? NOTHING), enabled: request !== null });
}

/** PUT /v1/workspaces/:key/outbound-settings; the workspace and every render are read again. */
export function useSaveSettings(workspace: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { default_outbound_locale: string; supported_locales: string[]; reason?: string }) =>
      outboundWrites.saveSettings(workspace, body),
    onSuccess: (answer) => {
      client.setQueryData(outboundQueries.settings(workspace).queryKey, answer);
      void client.invalidateQueries({ queryKey: workspaceQueries.detail(workspace).queryKey });
      void client.invalidateQueries({ queryKey: outboundQueries.renders(workspace) });
    },
  });
}

/** PUT /v1/outbound-policies/:type with everything the policy holds; renders are read again. */
export function useSavePolicy(workspace: string, type: IntegrationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: PolicyBody) => outboundWrites.savePolicy(workspace, type, policy),
    onSuccess: (answer) => {
      client.setQueryData(outboundQueries.policy(workspace, type).queryKey, answer);
      void client.invalidateQueries({ queryKey: outboundQueries.renders(workspace) });
    },
  });
}
