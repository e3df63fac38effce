import type { PanelProps } from './panel-props.ts';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import { PermissionSyncPanel } from './permission-sync-panel.tsx';
import { mappingSentence } from './role-mapping.ts';
import { RoleMappingPanel } from './role-mapping-panel.tsx';

const WEBHOOKS = ", and the code host's webhooks start one when someone's access changes";

/**
 * Who may read the linked repositories' projects, as the code host says: the role mapping (admins
 * change it, members read it) and, for admins, the permission sync with its preview. A plan shown
 * is dropped when the mapping changes, as it no longer says what a sync would do.
 */
export function PermissionsSection({ workspace, status, admin, roleKnown, current }: PanelProps) {
  return (
    <section className="codehost-permissions" aria-labelledby="ch-permissions-title">
      <h2 id="ch-permissions-title">Permissions</h2>
      <p>
        The members of each linked repository&apos;s project follow who may access the repository at the code
        host. A full permission sync runs once a day{status.webhooks_enabled ? WEBHOOKS : ''}.
      </p>
      {!admin && roleKnown && (
        <AdminsOnlyNote
          only="change the role mapping and preview or apply a permission sync"
          workspace={workspace}
          current={current}
          label="Who syncs permissions"
          className="codehost-note"
        />
      )}
      <RoleMappingPanel workspace={workspace} mapping={status.role_mapping} canEdit={admin} />
      {admin && <PermissionSyncPanel key={mappingSentence(status.role_mapping)} workspace={workspace} />}
    </section>
  );
}
