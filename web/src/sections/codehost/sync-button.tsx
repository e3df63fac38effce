import { useMutation, useQueryClient } from '@tanstack/react-query';
import { codehostQueries, codehostWrites } from '../../api/queries/codehost.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { syncSentence } from './sync-words.ts';

/**
 * Sync now: lists the installation's repositories again and says what changed. The installation
 * (its last sync, kept failed ones too) and the repositories are read again either way.
 */
export function SyncButton({ workspace }: { workspace: string }) {
  const client = useQueryClient();
  const sync = useMutation({
    mutationFn: () => codehostWrites.syncRepos(workspace),
    onSettled: () => client.invalidateQueries({ queryKey: codehostQueries.all(workspace) }),
  });
  return (
    <div className="codehost-action">
      <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
        {sync.isPending ? 'Syncing…' : 'Sync now'}
      </button>
      <div aria-live="polite">
        {sync.isSuccess && <p className="ok">Synced: {syncSentence(sync.data)}.</p>}
      </div>
      <ErrorMessage error={sync.error} title="The repositories were not synced" />
    </div>
  );
}
