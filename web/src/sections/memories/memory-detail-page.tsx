import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { memoryQueries } from '../../api/queries/memories.ts';
import { writeAddress } from '../../ui/address-fields.ts';
import { Page } from '../../ui/page.tsx';
import { PROJECT_ADDRESS } from '../../ui/project-picker.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { MemoryDetail } from './memory-detail.tsx';
import { MemoryHistory } from './memory-history.tsx';

/**
 * `/memories/:id?workspace=…`: one memory and its history. The address keeps the list's filters
 * too, so "Back to memories" lands on the same results.
 */
export function MemoryDetailPage() {
  const id = useParams().id ?? '';
  const { values, params } = useAddress(PROJECT_ADDRESS);
  const navigate = useNavigate();
  const workspace = values.workspace;
  const memory = useQuery(memoryQueries.detail(id, workspace));
  const back = memory.data
    ? writeAddress(PROJECT_ADDRESS, params, {
        workspace: memory.data.workspace_key,
        project: memory.data.project_key,
      })
    : params;
  const backTo = `/memories?${back.toString()}`;
  return (
    <Page
      title="Memory"
      lead={<span className="mono">{id}</span>}
      actions={<Link to={backTo}>Back to memories</Link>}
    >
      {memory.isPending ? (
        <Loading what="the memory" />
      ) : memory.isError ? (
        <ErrorMessage error={memory.error} title="The memory cannot be shown" />
      ) : (
        // Keyed by the memory: following a link to another one starts its page afresh.
        <MemoryDetail
          key={memory.data.id}
          memory={memory.data}
          onDeleted={() => navigate(backTo, { state: { deleted: id } })}
        />
      )}
      <MemoryHistory id={id} workspace={workspace} />
    </Page>
  );
}
