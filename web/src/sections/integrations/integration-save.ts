import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationQueries, integrationWrites } from '../../api/queries/integrations.ts';
import type { Provider } from '../../api/types.ts';
import { bodyOf, type Draft } from './integration-draft.ts';

/** Saves one provider (PUT /v1/integrations); the list is read again (a wiki may borrow the tracker's). */
export function useSaveIntegration(workspace: string, provider: Provider) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: Draft) => integrationWrites.save(bodyOf(workspace, provider, draft)),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationQueries.list(workspace).queryKey }),
  });
}
