import type { TemplateVariable } from '../../api/types.ts';
import { Table } from '../../ui/table.tsx';

const example = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The variables a template of the chosen action may use: the common ones, then the action's own,
 * each with its description and an example; pressing a name inserts `{{ name }}` at the cursor.
 */
export function TemplateVariables({
  common,
  own,
  onInsert,
}: {
  common: TemplateVariable[];
  own: TemplateVariable[];
  onInsert: (name: string) => void;
}) {
  const groups: Array<[string, TemplateVariable[]]> = [
    ["This action's variables", own],
    ['Every message has', common],
  ];
  return (
    <div className="template-variables">
      <h3>Variables</h3>
      <p className="muted small">Press a name to insert it at the cursor.</p>
      {groups.map(([caption, list]) => (
        <Table key={caption} caption={caption} columns={['Name', 'Description', 'Example']}>
          {list.length === 0 ? (
            <tr>
              <td colSpan={3} className="muted">
                (none)
              </td>
            </tr>
          ) : (
            list.map((v) => (
              <tr key={v.name}>
                <td data-label="Name">
                  <button
                    type="button"
                    className="secondary small-button mono"
                    aria-label={`Insert {{ ${v.name} }}`}
                    onClick={() => onInsert(v.name)}
                  >
                    {`{{ ${v.name} }}`}
                  </button>
                </td>
                <td data-label="Description">
                  {v.description}
                  {v.optional && <span className="muted small"> (may be empty)</span>}
                </td>
                <td data-label="Example" className="mono example-cell">
                  {example(v.example)}
                </td>
              </tr>
            ))
          )}
        </Table>
      ))}
    </div>
  );
}
