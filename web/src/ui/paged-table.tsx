import type { ReactNode } from 'react';
import { PagedView, type ListViewProps } from './paged-view.tsx';
import { Table, type Column } from './table.tsx';

/**
 * A paged list as a table: its states (loading, refusal, empty; `PagedView`), the table with one
 * row per item (`children`, keyed), and "Load more".
 */
export function PagedTable<T>({
  columns,
  label,
  className,
  children,
  ...view
}: ListViewProps<T> & {
  columns: readonly Column[];
  label?: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedView {...view}>
      {(items) => (
        <Table columns={columns} label={label} className={className}>
          {items.map(children)}
        </Table>
      )}
    </PagedView>
  );
}
