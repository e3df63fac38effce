import type { ReactNode } from 'react';

/**
 * A log's row (`cells`) with a Details button, and under it when open, a row of its details
 * spanning the table (`children`). The button names the row to a screen reader (`what`) and
 * points at the details it opened.
 */
export function RowWithDetails({
  id,
  open,
  onToggle,
  what,
  cells,
  children,
}: {
  /** The details' id. */
  id: string;
  open: boolean;
  onToggle: () => void;
  what: string;
  cells: ReactNode[];
  children: ReactNode;
}) {
  return (
    <>
      <tr>
        {cells}
        <td className="actions">
          <button
            type="button"
            className="secondary"
            aria-expanded={open}
            aria-controls={open ? id : undefined}
            onClick={onToggle}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden"> {what}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr className="detail-row">
          <td colSpan={cells.length + 1} id={id}>
            {children}
          </td>
        </tr>
      )}
    </>
  );
}
