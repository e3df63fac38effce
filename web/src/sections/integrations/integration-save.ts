import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Integration, Provider } from '../../api/types.ts';
import { bodyOf, type Draft } from './integration-draft.ts';

export const integrationsKey = (workspace: string) => ['integrations', workspace] as const;

/** Saves one provider (PUT /v1/integrations); the list is read again (a wiki may borrow the tracker's). */
export function useSaveIntegration(workspace: string, provider: Provider) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: Draft) =>
      api<Integration>('PUT', '/v1/integrations', { body: bodyOf(workspace, provider, draft) }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey(workspace) }),
  });
}
