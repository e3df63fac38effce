import type { OutboundPolicy } from '../../api/types.ts';
import { Empty } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';
import { localeLabel } from './locale-words.ts';

/** The policy's template overrides, one row per action and locale, each opened in the editor below. */
export function OverrideList({
  overrides,
  onEdit,
}: {
  overrides: OutboundPolicy['template_overrides'];
  onEdit: (action: string, locale: string) => void;
}) {
  const rows = Object.entries(overrides)
    .flatMap(([action, byLocale]) =>
      Object.entries(byLocale).map(([locale, text]) => ({ action, locale, text })),
    )
    .sort((a, b) => a.action.localeCompare(b.action) || a.locale.localeCompare(b.locale));
  return (
    <>
      <h3>Template overrides</h3>
      {rows.length === 0 ? (
        <Empty>No template overrides: every message uses the built-in templates.</Empty>
      ) : (
        <Table label="Template overrides" columns={['Action', 'Locale', 'Template', { hidden: 'Actions' }]}>
          {rows.map((r) => (
            <tr key={`${r.action}/${r.locale}`}>
              <td data-label="Action" className="mono">
                {r.action}
              </td>
              <td data-label="Locale">{localeLabel(r.locale)}</td>
              <td data-label="Template" className="mono template-cell">
                {r.text}
              </td>
              <td className="actions">
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Open ${r.action} in ${r.locale}`}
                  onClick={() => onEdit(r.action, r.locale)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
