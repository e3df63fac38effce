import type { ReactNode } from 'react';

/** A column's header: its text, or (`{ hidden }`) one only screen readers read, such as "Actions". */
export type Column = string | { hidden: string };

/**
 * A table in the house style: in a wrapper that scrolls sideways, its rows stacked as cards on a
 * narrow screen (`stacked`, each cell naming its column by `data-label`). `children`: the rows.
 */
export function Table({
  columns,
  label,
  caption,
  className,
  stacked = true,
  children,
}: {
  columns: readonly Column[];
  label?: string;
  caption?: string;
  className?: string;
  stacked?: boolean;
  children: ReactNode;
}) {
  const classes = [stacked ? 'stack' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className="table-wrap">
      <table className={classes || undefined} aria-label={label}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.hidden} scope="col">
                  <span className="visually-hidden">{c.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
