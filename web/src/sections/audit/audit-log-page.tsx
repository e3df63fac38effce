import { useState } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { pageSize, text } from '../../ui/address-fields.ts';
import { Empty } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { AuditAccessNote } from './audit-access-note.tsx';
import { AuditEntryRow } from './audit-entry-row.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { AuditScope } from './audit-scope.tsx';
import { useAuditWorkspaces } from './audit-workspaces.ts';
import { ChainCheck } from './chain-check.tsx';
import { useUserEmails } from '../../api/user-emails.ts';

const SERVER = '@server';

const AUDIT_ADDRESS = { workspace: text, level: text, prefix: text, limit: pageSize };

/**
 * A workspace's audit log (or the server level's, for server administrators), newest first:
 * filtered by action prefix, paged, each entry's details on demand, and its hash chain verified.
 * Address: `?workspace=` or `?level=server`, `&prefix=`, `&limit=`.
 */
export function AuditLogPage({ session }: { session: Session }) {
  const address = useAddress(AUDIT_ADDRESS);
  const { prefix, limit } = address.values;
  const serverLevel = address.values.level === 'server';
  const workspace = serverLevel ? '' : address.values.workspace;
  const chosen = serverLevel || workspace !== '';
  const spaces = useAuditWorkspaces(session, workspace);
  const emails = useUserEmails(workspace, session.user.is_admin);
  const entries = usePagedList(
    auditQueries.log(workspace, { action_prefix: prefix || undefined, limit }),
    chosen,
  );
  const [open, setOpen] = useState<string | null>(null);
  const scopeName = serverLevel ? 'the server level' : `workspace ${workspace}`;
  // Known to be refused (the server refuses anyway): the note explains, the server's answer shows.
  const refused = serverLevel ? !session.user.is_admin : spaces.refused;
  return (
    <Page
      title="Audit log"
      lead="Every change, newest first. Each workspace's entries, and the server level's, form a hash chain."
    >
      <AuditScope
        id="audit-scope"
        label="Log of"
        workspace={workspace}
        value={serverLevel ? SERVER : workspace}
        spaces={spaces}
        onChoose={(value) =>
          address.set(value === SERVER ? { level: 'server', workspace: '' } : { level: '', workspace: value })
        }
      >
        {(session.user.is_admin || serverLevel) && <option value={SERVER}>Server level</option>}
      </AuditScope>
      {(refused || (!spaces.isPending && !chosen && spaces.auditable.length === 0)) && (
        <AuditAccessNote chosen={workspace} workspace={spaces.current} serverLevel={serverLevel} />
      )}
      {!chosen ? (
        spaces.auditable.length > 0 && <Empty>Choose whose log to read.</Empty>
      ) : (
        <>
          {/* Offered once the caller is known to be allowed: not while their workspaces still load. */}
          {!refused && (serverLevel || !spaces.isPending) && (
            <ChainCheck
              key={serverLevel ? SERVER : workspace}
              workspace={workspace || undefined}
              scopeName={scopeName}
            />
          )}
          <h2>Entries of {scopeName}</h2>
          <AuditFilters key={address.params.toString()} prefix={prefix} limit={limit} onApply={address.set} />
          <PagedTable
            list={entries}
            what="the audit log"
            errorTitle="The audit log could not be read"
            empty={
              prefix ? (
                <>
                  No entries whose action starts with <span className="mono">{prefix}</span>
                </>
              ) : (
                'No entries yet.'
              )
            }
            columns={['Time', 'Action', 'Actor', 'Target', { hidden: 'Details' }]}
          >
            {(e) => (
              <AuditEntryRow
                key={e.id}
                entry={e}
                emails={emails}
                open={open === e.id}
                onToggle={() => setOpen(open === e.id ? null : e.id)}
              />
            )}
          </PagedTable>
        </>
      )}
    </Page>
  );
}
