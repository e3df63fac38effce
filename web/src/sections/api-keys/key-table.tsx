import type { KeyMetadata } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { when } from '../../ui/format.ts';
import { Table } from '../../ui/table.tsx';

/** Keys with their status and dates, each active or pending one revocable (after a confirmation). */
export function KeyTable({
  keys,
  onRevoke,
  revoking,
}: {
  keys: KeyMetadata[];
  onRevoke: (key: KeyMetadata) => void;
  revoking: boolean;
}) {
  return (
    <Table
      columns={['Label', 'Starts with', 'Status', 'Created', 'Last used', 'Expires', { hidden: 'Actions' }]}
    >
      {keys.map((k) => (
        <tr key={k.id}>
          <td>
            {k.label ?? <span className="muted">(no label)</span>}
            <div className="muted small mono">{k.id}</div>
          </td>
          <td data-label="Starts with" className="mono">
            {k.prefix ? `${k.prefix}…` : '—'}
          </td>
          <td data-label="Status">
            <span className={`badge status-${k.status}`}>{k.status}</span>
          </td>
          <td data-label="Created">{when(k.created_at)}</td>
          <td data-label="Last used">{when(k.last_used_at)}</td>
          <td data-label="Expires">{when(k.expires_at)}</td>
          <td className="actions">
            {(k.status === 'active' || k.status === 'pending') && (
              <ConfirmButton
                label="Revoke"
                question={<>Revoke {k.label ?? k.id}? Anything using it stops working at once.</>}
                confirmLabel="Revoke key"
                onConfirm={() => onRevoke(k)}
                disabled={revoking}
              />
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
