import { useState } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { Empty } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { ACCESS_ADDRESS, ACCESS_FILTERS } from './access-address.ts';
import { AccessEventRow } from './access-event-row.tsx';
import { AccessFilters } from './access-filters.tsx';
import { AuditAccessNote } from './audit-access-note.tsx';
import { AuditScope } from './audit-scope.tsx';
import { useAuditWorkspaces } from './audit-workspaces.ts';
import { CorrelationNote } from './correlation-note.tsx';

/**
 * Who got, changed or lost access in a workspace, newest first, with every filter the API has,
 * and the events of one correlation id together. Address: `?workspace=` and each filter by name
 * (`project`, `user`, `source`, `action`, `from`, `to`, `limit`), `correlation` for a group.
 */
export function AccessTimelinePage({ session }: { session: Session }) {
  const address = useAddress(ACCESS_ADDRESS);
  const values = address.values;
  const { workspace, correlation, limit } = values;
  const spaces = useAuditWorkspaces(session, workspace);
  const events = usePagedList(
    auditQueries.accessTimeline(
      workspace,
      // A correlation group is one batch, whatever the other filters say: they are off meanwhile.
      correlation
        ? { correlation_id: correlation, limit }
        : {
            project_key: values.project,
            user_id: values.user,
            source: values.source,
            action: values.action,
            from: values.from,
            to: values.to,
            limit,
          },
    ),
    workspace !== '',
  );
  const [open, setOpen] = useState<string | null>(null);
  const filtered = ACCESS_FILTERS.some((f) => values[f] !== '');
  return (
    <Page
      title="Access timeline"
      lead="Who was given, changed or lost access to a workspace or its projects, by whom, and from which source."
    >
      <AuditScope
        id="access-workspace"
        label="Workspace"
        workspace={workspace}
        spaces={spaces}
        onChoose={(w) => address.set({ workspace: w, correlation: '', project: '', user: '' })}
      />
      {(spaces.refused || (!spaces.isPending && !workspace && spaces.auditable.length === 0)) && (
        <AuditAccessNote chosen={workspace} workspace={spaces.current} />
      )}
      {!workspace ? (
        spaces.auditable.length > 0 && <Empty>Choose a workspace to see its access changes.</Empty>
      ) : (
        <>
          {correlation ? (
            <CorrelationNote
              id={correlation}
              found={events.items.length}
              more={events.hasNextPage}
              onLeave={() => address.set({ correlation: '' })}
            />
          ) : (
            !spaces.refused && (
              <AccessFilters
                key={address.params.toString()}
                workspace={workspace}
                values={values}
                onApply={address.set}
                error={events.error}
              />
            )
          )}
          <PagedTable
            list={events}
            what="the access timeline"
            errorTitle="The access timeline could not be read"
            empty={
              correlation
                ? 'No access change carries this correlation id.'
                : filtered
                  ? 'No access change matches these filters.'
                  : 'No access change in this workspace yet.'
            }
            columns={['Time', 'Change', 'Source', 'By', { hidden: 'Details' }]}
          >
            {(e) => (
              <AccessEventRow
                key={e.id}
                event={e}
                open={open === e.id}
                onToggle={() => setOpen(open === e.id ? null : e.id)}
                onCorrelation={(id) =>
                  address.set({ correlation: id, ...Object.fromEntries(ACCESS_FILTERS.map((f) => [f, ''])) })
                }
              />
            )}
          </PagedTable>
        </>
      )}
    </Page>
  );
}
